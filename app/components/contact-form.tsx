// PLACEHOLDER until the enquiries work builds the contact form (SPEC §2 Contact, §5).
// The home page renders <ContactForm /> in the contact section's right column; the form posts to
// the home route's action, which re-exports enquiries/contact-action.server.ts.
export function ContactForm() {
  return (
    <div className="rounded-xl bg-white p-6 shadow">
      <h3 className="text-xl font-semibold text-slate-900">Send us a Message</h3>
    </div>
  )
}
