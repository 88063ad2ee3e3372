import { CLOUD_BACKUP_NAME } from '#app/domain/business'
import { CLOUD_BACKUP_PER_USER_CENTS, formatCents } from '#app/domain/pricing'

type Props = {
  checked: boolean
  /** Backup is priced per Microsoft 365 user, so it applies only with an option other than none. */
  applies: boolean
  backupCents: number
  onChange?: (checked: boolean) => void
}

export function BackupToggle({ checked, applies, backupCents, onChange }: Props) {
  return (
    <section aria-labelledby="additional-services-heading" className="rounded-lg border border-slate-200 p-4">
      <h3 id="additional-services-heading" className="text-sm font-semibold text-slate-900">
        Additional Services
      </h3>
      <label className="mt-3 flex cursor-pointer items-start justify-between gap-4">
        <span>
          <span className="block text-sm font-medium text-slate-900">Cloud Backup</span>
          <span className="block text-xs text-slate-600">
            {CLOUD_BACKUP_NAME}: {formatCents(CLOUD_BACKUP_PER_USER_CENTS)} per user/month
          </span>
          {applies ? (
            <span className="mt-1 block text-xs text-slate-600" data-testid="backup-total">
              Backup total: {formatCents(backupCents)}/month
            </span>
          ) : (
            <span className="mt-1 block text-xs text-slate-500">Applies with a Microsoft 365 option</span>
          )}
        </span>
        <input
          type="checkbox"
          role="switch"
          name="cloud_backup"
          value="true"
          checked={checked}
          onChange={(event) => onChange?.(event.currentTarget.checked)}
          aria-checked={checked}
          className="mt-1 h-5 w-9 shrink-0 cursor-pointer accent-brand-600"
        />
      </label>
    </section>
  )
}
