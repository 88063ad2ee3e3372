import type { TestimonialSummary } from '#app/catalogue/catalogue.server'
import { SectionHeading } from './section-heading'

/** Stars as text a screen reader says once ('Rated 4 out of 5'), drawn as five stars. */
function Rating({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5 text-amber-500" aria-label={`Rated ${rating} out of 5`} role="img">
      {Array.from({ length: 5 }, (_, index) => (
        <span key={index} aria-hidden="true" className={index < rating ? '' : 'text-slate-300'}>
          ★
        </span>
      ))}
    </p>
  )
}

/** What clients say: the testimonials staff chose to show, between About and Contact. */
export function TestimonialsSection({ testimonials }: { testimonials: TestimonialSummary[] }) {
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What our clients say" />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Rating rating={testimonial.rating} />
              <blockquote className="mt-4 flex-1 text-slate-700">
                <p>“{testimonial.text}”</p>
              </blockquote>
              <p className="mt-4 font-semibold text-navy">{testimonial.name}</p>
              <p className="text-sm text-slate-600">{testimonial.company}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
