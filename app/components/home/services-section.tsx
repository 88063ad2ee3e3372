import type { ServiceSummary } from '#app/catalogue/catalogue.server'
import type { ListState } from '#app/domain/list-state'
import { CatalogueCardImage, LearnMoreLink } from './catalogue-card'
import { ListError, SectionHeading } from './section-heading'

function ServiceCard({ service }: { service: ServiceSummary }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <CatalogueCardImage image={service.image} />
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-semibold text-navy">{service.name}</h3>
        <p className="mt-2 flex-1 text-sm text-slate-600">{service.shortDescription || service.description}</p>
        <LearnMoreLink section="pricing" about={service.name} className="mt-4" />
      </div>
    </li>
  )
}

export function ServicesSection({ services }: { services: ListState<ServiceSummary> }) {
  return (
    <section id="services" aria-labelledby="services-heading" className="bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="services-heading" eyebrow="Services" title="Everything your technology needs">
          From the help desk to the data centre, we design, run and secure the systems your business depends on.
        </SectionHeading>
        {!services.ok ? (
          <ListError>Error loading services. Please try again later.</ListError>
        ) : (
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {services.items.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
