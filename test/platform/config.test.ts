import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';

describe('configuration', () => {
  it('when nothing is set, then the documented defaults apply', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.cases.bootstrapAdmin).toBeUndefined();
  });

  it('when LICENCE_AUTHORITIES is unset, then staff choose from DHA, DOH, MOH, SCFHS and NMC; set, from its list; a bad list fails start-up', () => {
    expect(loadConfig({}).cases.licenceAuthorities).toEqual(['DHA', 'DOH', 'MOH', 'SCFHS', 'NMC']);
    expect(loadConfig({ LICENCE_AUTHORITIES: ' DHA, QCHP ,' }).cases.licenceAuthorities).toEqual(['DHA', 'QCHP']);
    for (const bad of [',', 'DHA,DHA', `DHA,${'X'.repeat(41)}`]) {
      expect(() => loadConfig({ LICENCE_AUTHORITIES: bad }), bad).toThrow(/LICENCE_AUTHORITIES/);
    }
  });

  it('when several keys are bad, then start-up fails naming every one of them', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('JWT_SECRET');
    }
  });

  it('when only one of the case admin variables is set, then start-up fails', () => {
    expect(() => loadConfig({ CASE_ADMIN_EMAIL: 'a@b.co' })).toThrow(/CASE_ADMIN_EMAIL and CASE_ADMIN_PASSWORD/);
  });

  it('when both case admin variables are set, then they become the bootstrap admin', () => {
    const config = loadConfig({ CASE_ADMIN_EMAIL: 'a@b.co', CASE_ADMIN_PASSWORD: 'long enough' });
    expect(config.cases.bootstrapAdmin).toEqual({ email: 'a@b.co', password: 'long enough' });
  });
});

describe('recurring jobs', () => {
  it('when the calibration and digest times are unset, then they run hourly at :20 and daily at 07:00', () => {
    const config = loadConfig({});
    expect(config.lms.calibrationCron).toBe('20 * * * *');
    expect(config.network.digestCron).toBe('0 7 * * *');
    expect(config.cases.lateStepsCron).toBe('*/15 * * * *');
  });

  it('when either is off, then it has no schedule', () => {
    const config = loadConfig({ LMS_CALIBRATION_CRON: 'off', NETWORK_DIGEST_CRON: 'off', CASE_LATE_STEPS_CRON: 'off' });
    expect(config.lms.calibrationCron).toBeUndefined();
    expect(config.cases.lateStepsCron).toBeUndefined();
    expect(config.network.digestCron).toBeUndefined();
  });

  it('when one is not a five-field cron expression, then start-up fails naming it', () => {
    expect(() => loadConfig({ NETWORK_DIGEST_CRON: 'daily' })).toThrow(
      /NETWORK_DIGEST_CRON: must be a cron expression/,
    );
    expect(() => loadConfig({ LMS_CALIBRATION_CRON: '* * *' })).toThrow(/LMS_CALIBRATION_CRON/);
  });
});

describe('TRUST_PROXY', () => {
  it('when it is true, then start-up fails saying to set the hop count or the proxy addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*number of proxies.*addresses\/CIDRs/);
  });

  it('when it is a number of hops, then Fastify gets that number', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('when it lists proxy addresses and CIDRs, then Fastify gets the list, and a bad entry is refused', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not valid: 10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
