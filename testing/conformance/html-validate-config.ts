/**
 * The HTML validator's configuration for the conformance gate: html-validate's recommended rules,
 * less those that only restate how React writes HTML (each with its reason). Nothing else is off.
 */
import type { ConfigData } from 'html-validate';

export const htmlValidateConfig: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes boolean attributes as `attr=""` (e.g. `hidden=""`, `async=""`): a serialisation style, not a defect.
    'attribute-boolean-style': 'off',
    // React writes empty attributes as `attr=""`: the same serialisation style.
    'attribute-empty-style': 'off',
    // React writes void elements without the self-closing slash, Next's head with it: both are valid HTML.
    'void-style': 'off',
    // React writes DOM property names in camelCase (charSet, dateTime, srcSet, noModule,
    // fetchPriority): HTML attributes are case-insensitive.
    'attr-case': 'off',
    // next/image always writes `style="color:transparent"` (it hides the alt text while the image
    // loads): that property only, the rule stays on.
    'no-inline-style': ['error', { allowedProperties: ['display', 'color'] }],
    // React's own ids (`useId`: `«r1»`, `_R_…_`) contain characters this rule does not expect; they are unique and valid HTML.
    'valid-id': 'off',
    // Check boxes sharing a name are how a GET form sends several values of one field
    // (`?REGION=R01&REGION=R02`, the tables' selection form): shared like radios, every other duplicate still refused.
    'form-dup-name': ['error', { shared: ['radio', 'button', 'reset', 'submit', 'checkbox'] }],
  },
};
