import { setScryptCost } from '#app/staff/password.server'
import { TEST_SCRYPT_COST } from './scrypt-cost'

// Fixtures hashed in the test process use the test servers' cost (vitest.config.ts sets the variable).
setScryptCost(Number(process.env.PASSWORD_SCRYPT_COST || TEST_SCRYPT_COST))
