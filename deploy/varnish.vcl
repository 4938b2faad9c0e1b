# Varnish 7 (Debian's `varnish`) with vmod xkey (Debian's `varnish-modules`) in front of
# `npm start`, purged by tag by the app after every write: set CACHE_PURGE=varnish and
# CACHE_PURGE_URL=http://<this Varnish>/ on every app instance. Run e.g.
#   varnishd -a :80 -f /etc/varnish/insstat.vcl -s malloc,1g -p thread_pool_min=500
# Varnish gives each reader whose request is under way a thread of its own: start as many as the
# release-day crowd you expect (here 2 pools × 500 for 1,000 readers). Its default (2 × 100, grown
# under load) put the p99 of 1,000 readers at 226–290 ms instead of 51–75 ms on 2 cores.
# Adapt the backend's address (« adapt ») and the purgers' addresses. See docs/behind-a-cache.md.
vcl 4.1;

import std;
import xkey;

backend origin {
  .host = "127.0.0.1";                            # adapt: the app (HOSTNAME)
  .port = "3000";                                 # adapt: the app (PORT)
  .connect_timeout = 2s;
  .first_byte_timeout = 30s;
  # Liveness only (it never checks the database): « sick » means the app itself does not answer.
  .probe = {
    .url = "/api/health";
    # Tolerant: a busy app answering slowly is not « sick » (sick, it would get its stale copies
    # served instead of fresh ones).
    .interval = 2s;
    .timeout = 3s;
    .window = 5;
    .threshold = 2;
  }
}

# Who may purge: the app instances.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "xkey-purge header missing"));
    }
    # Hard: a purged copy is gone, so a withdrawn page can never stand in, not even while the app
    # is down (grace, below, keeps only copies that merely expired).
    set req.http.x-purged = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.x-purged));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The back-office and per-person answers: never stored.
  if (req.url ~ "^/(admin|api/(admin|internal|user|users|alertes|langue))(/|\?|$)") {
    return (pass);
  }
  if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)(insstat_session|sb-[^=;]*)=") {
    return (pass);
  }
  # Next's client navigations and prefetches (RSC payloads that vary with each reader's router state).
  if (req.http.rsc || req.http.next-router-prefetch || req.http.next-router-state-tree ||
      req.http.next-router-segment-prefetch || req.http.next-action) {
    return (pass);
  }
  # No public answer depends on a cookie (the app's own page cache ignores them too).
  unset req.http.Cookie;
  # stale-if-error, not stale-while-revalidate: a copy past its life (or purged) is served only
  # while the app is sick; a healthy app is asked at once (one request, the others wait for it).
  if (std.healthy(req.backend_hint)) {
    set req.grace = 0s;
  }
  return (hash);
}

# One copy per encoding, each stored as it is sent. Varnish otherwise asks the app for gzip only and
# unzips it again for every reader that did not ask for gzip (bots, tools, wrk): 6,000 req/s on
# 2 cores instead of 34,000. Here Accept-Encoding is already Varnish's own: « gzip » or none.
sub vcl_hash {
  if (req.http.Accept-Encoding == "gzip") {
    hash_data("gzip");
  }
  # Falls through to the built-in rules: the address and the host.
}

sub vcl_miss {
  if (!req.http.Accept-Encoding) {
    set req.http.x-insstat-identity = "1";
  }
}

sub vcl_backend_fetch {
  # Varnish has just set « Accept-Encoding: gzip » on every fetch; a reader without gzip gets the
  # app's uncompressed page, stored as such.
  if (bereq.http.x-insstat-identity) {
    unset bereq.http.Accept-Encoding;
    unset bereq.http.x-insstat-identity;
  }
}

sub vcl_backend_response {
  # The app's tags (Surrogate-Key, space-separated) become xkey's keys.
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  # Purged caches keep tagged answers longer (Surrogate-Control, capped by the app at the next
  # scheduled change); answers without it keep the short s-maxage Varnish read from Cache-Control.
  if (beresp.http.Surrogate-Control ~ "max-age=[0-9]+") {
    set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "^.*max-age=([0-9]+).*$", "\1") + "s", 0s);
  }
  if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
    set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1") + "s", 0s);
  } else {
    set beresp.grace = 0s;
  }
  unset beresp.http.Surrogate-Control;
  # Falls through to the built-in rules: Set-Cookie, private and no-store answers are not stored.
}

sub vcl_deliver {
  unset resp.http.xkey;
  unset resp.http.CDN-Cache-Control;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
