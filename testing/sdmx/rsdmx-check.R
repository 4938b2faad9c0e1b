# Reads the site's SDMX 2.1 REST service with R's rsdmx (Debian's r-cran-rsdmx), as an aggregator
# would: the site registered as an SDMXREST21RequestBuilder provider, then the dataflow list, one
# data structure (rsdmx asks references=children), data with key `all` between two periods, a
# partial key with lastNObservations=1 (rsdmx's builder has no such argument: the URL is read
# directly) and an unknown flow. Prints one JSON object (e2e/sdmx.spec.ts asserts on it).
#
# Rscript testing/sdmx/rsdmx-check.R BASE_URL FLOW START END PARTIAL_KEY
suppressMessages({
  library(rsdmx)
  library(jsonlite)
})
args <- commandArgs(trailingOnly = TRUE)
base <- paste0(args[[1]], "/sdmx/rest")
flow <- args[[2]]
start <- args[[3]]
end <- args[[4]]
partial <- args[[5]]
dsdId <- sub("^DF_", "DSD_", flow)

provider <- SDMXServiceProvider(
  agencyId = "INSSTAT_E2E", name = "Institut national de la statistique (e2e)",
  builder = SDMXREST21RequestBuilder(regUrl = base, repoUrl = base, compliant = TRUE)
)
addSDMXServiceProvider(provider)

out <- list()

flows <- as.data.frame(readSDMX(providerId = "INSSTAT_E2E", resource = "dataflow"))
out$flows <- lapply(seq_len(nrow(flows)), function(i) list(id = flows$id[[i]], name = flows$Name.fr[[i]], nameEn = flows$Name.en[[i]], dsd = flows$dsdRef[[i]]))

dsd <- readSDMX(providerId = "INSSTAT_E2E", resource = "datastructure", resourceId = dsdId)
components <- as.data.frame(slot(slot(dsd, "datastructures")@datastructures[[1]], "Components"))
out$components <- lapply(seq_len(nrow(components)), function(i) list(type = components$component[[i]], id = components$conceptRef[[i]], codelist = components$codelist[[i]]))
codelists <- slot(dsd, "codelists")
out$codelists <- lapply(slot(codelists, "codelists"), function(cl) list(id = slot(cl, "id"), codes = I(vapply(slot(cl, "Code"), function(c) slot(c, "id"), ""))))

data <- as.data.frame(readSDMX(providerId = "INSSTAT_E2E", resource = "data", flowRef = flow, key = "all", start = start, end = end))
out$data <- list(
  rows = nrow(data), numeric = is.numeric(data$obsValue), finite = sum(is.finite(data$obsValue)),
  periods = I(sort(unique(as.character(data$obsTime)))), columns = names(data), first = data$obsValue[[1]]
)

url <- sprintf("%s/data/%s/%s/all/?lastNObservations=1", base, flow, partial)
last <- as.data.frame(readSDMX(url))
out$partial <- list(
  rows = nrow(last), numeric = is.numeric(last$obsValue),
  periods = I(sort(unique(as.character(last$obsTime)))), columns = names(last),
  values = lapply(names(last), function(n) I(sort(unique(as.character(last[[n]])))))
)
names(out$partial$values) <- names(last)

unknown <- tryCatch(
  {
    readSDMX(sprintf("%s/data/DF_INCONNU/all/all/", base))
    "read"
  },
  error = function(e) conditionMessage(e)
)
out$unknown <- unknown

# On a line of its own: httr may print its status before.
cat("\n", toJSON(out, auto_unbox = TRUE, null = "null", na = "null"), "\n", sep = "")
