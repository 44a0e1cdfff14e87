import { useState } from 'react';
import type { NetworkUser, ProfessionalProfile } from '../../contracts/network.js';
import { PROFESSIONAL_LIMITS, type ProfessionalField } from '../../contracts/network-constants.js';
import { TextareaField, TextField } from '../ui/field.js';

const LABELS: Record<ProfessionalField, { label: string; hint?: string }> = {
  headline: { label: 'Headline', hint: 'One line under your name, e.g. "HR business partner, healthcare"' },
  role: { label: 'Role', hint: 'Your job title' },
  employer: { label: 'Employer', hint: 'Members can find you by it' },
  location: { label: 'Location' },
  about: { label: 'About' },
};

/** The professional profile being edited, starting from the member's saved one. */
export function useProfessionalProfile(user: NetworkUser) {
  return useState<ProfessionalProfile>({
    headline: user.headline,
    role: user.role,
    employer: user.employer,
    location: user.location,
    about: user.about,
  });
}

/**
 * Headline, role, employer, location and about: asked for in profile completion and edited in
 * Settings, with the server's limits. All optional; an emptied field is cleared.
 */
export function ProfessionalFields({
  value,
  onChange,
}: {
  value: ProfessionalProfile;
  onChange: (next: ProfessionalProfile) => void;
}) {
  const field = (name: Exclude<ProfessionalField, 'about'>) => (
    <TextField
      key={name}
      label={LABELS[name].label}
      hint={LABELS[name].hint}
      name={name}
      maxLength={PROFESSIONAL_LIMITS[name]}
      value={value[name] ?? ''}
      onChange={(event) => onChange({ ...value, [name]: event.target.value })}
    />
  );
  return (
    <>
      {field('headline')}
      {field('role')}
      {field('employer')}
      {field('location')}
      <TextareaField
        label={LABELS.about.label}
        name="about"
        rows={4}
        maxLength={PROFESSIONAL_LIMITS.about}
        value={value.about ?? ''}
        onChange={(event) => onChange({ ...value, about: event.target.value })}
      />
    </>
  );
}
