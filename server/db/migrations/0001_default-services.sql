-- The four default services of the create-case form, with ids 1 to 4, and their ordered steps.
INSERT INTO "services" ("id", "name") VALUES
  (1, 'Documents Verification'),
  (2, 'Health Authority Clearance'),
  (3, 'License Registration'),
  (4, 'Recruitment Progress');
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('services', 'id'), 4);
--> statement-breakpoint
INSERT INTO "steps" ("service_id", "name", "sequence") VALUES
  (1, 'Documents Received', 1),
  (1, 'Documents Under Review', 2),
  (1, 'Attestation', 3),
  (1, 'Documents Verified', 4),
  (2, 'Application Submitted', 1),
  (2, 'Primary Source Verification', 2),
  (2, 'Licensing Exam', 3),
  (2, 'Clearance Granted', 4),
  (3, 'Registration Submitted', 1),
  (3, 'Fee Payment', 2),
  (3, 'License Issued', 3),
  (4, 'Profile Shared with Employers', 1),
  (4, 'Interview', 2),
  (4, 'Job Offer', 3),
  (4, 'Visa Processing', 4),
  (4, 'Onboarding Complete', 5);
