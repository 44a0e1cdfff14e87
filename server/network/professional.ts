import type { ProfessionalProfile } from '../../contracts/network.js';
import type { MemberRow } from './sessions.js';

/** The professional profile in the API's words (`role` is stored as job_title). */
export function professionalOf(
  member: Pick<MemberRow, 'headline' | 'jobTitle' | 'employer' | 'location' | 'about'>,
): ProfessionalProfile {
  return {
    headline: member.headline,
    role: member.jobTitle,
    employer: member.employer,
    location: member.location,
    about: member.about,
  };
}

/**
 * The line under a member's name on their posts: their headline, or else their role and employer
 * ("Nurse recruiter at St Mary's"), or null when they gave none of them.
 */
export function bylineOf(member: { headline: string | null; jobTitle: string | null; employer: string | null }) {
  if (member.headline) return member.headline;
  if (member.jobTitle && member.employer) return `${member.jobTitle} at ${member.employer}`;
  return member.jobTitle ?? member.employer ?? null;
}
