// Every model, imported once so start-up can create all indexes (model.init()).
export * from './access-log.server'
export * from './catalogue.server'
export * from './chat.server'
export * from './contact.server'
export * from './daily-salt.server'
export * from './order.server'
export * from './rate-limit.server'
export * from './user.server'
