import { z } from 'zod'

// zod 4 probes whether `new Function` is allowed the first time it parses an object. Our CSP
// forbids eval, so in the browser that probe is reported as a CSP violation (a console error and
// a Lighthouse best-practices penalty). Schemas shared with the browser import `z` from here.
z.config({ jitless: true })

export { z }
