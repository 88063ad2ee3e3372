// Installs the local stand-ins the integration and end-to-end tests need, if missing: FerretDB and
// stripe-mock (through Go) and Debian's Chromium. Skips the database when MONGODB_URI names one.
import { ensureChromium, ensureFerretDB, ensureStripeMock } from './lib/local-services.mjs'

if (!process.env.MONGODB_URI) ensureFerretDB()
ensureStripeMock()
ensureChromium()
