import { expect } from 'chai';
import os from 'node:os';
import { ConfigError, defaultWebConcurrency, loadConfig } from '../../../composition/config.js';

describe('config', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).to.deep.include({
      port: 3000,
      baseUrl: 'http://localhost:3000',
      webUrl: 'http://localhost:3000',
      brand: 'Service',
      siteName: 'Spindle',
      dialect: 'spec',
      userPathSegment: 's',
      databaseUrl: undefined,
      redisUrl: undefined,
      blockGenericUserAgents: true,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(c.rateLimit).to.deep.equal({ anonymousPerWindow: 25, authenticatedPerWindow: 60, windowSeconds: 60, pagesPerWindow: 300 });
  });

  it('reads every variable and strips trailing slashes from URLs', () => {
    const c = loadConfig({
      PORT: '8080',
      BASE_URL: 'https://api.example.org/',
      WEB_URL: 'https://www.example.org',
      BRAND: 'Discogs',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_ANONYMOUS: '1000',
      RATE_LIMIT_AUTHENTICATED: '2000',
      BLOCK_GENERIC_USER_AGENTS: 'off',
      TRUST_PROXY: 'yes',
      LOG_LEVEL: 'debug',
      SITE_NAME: 'Groove Shelf',
      RATE_LIMIT_PAGES: '500',
    });
    expect(c).to.deep.include({
      siteName: 'Groove Shelf',
      port: 8080,
      baseUrl: 'https://api.example.org',
      brand: 'Discogs',
      dialect: 'discogs',
      userPathSegment: 'users',
      databaseUrl: 'postgres://u@h:5432/db',
      blockGenericUserAgents: false,
      trustProxy: true,
      logLevel: 'debug',
    });
    expect(c.rateLimit.anonymousPerWindow).to.equal(1000);
    expect(c.rateLimit.pagesPerWindow).to.equal(500);
  });

  it('puts images in the data folder unless told otherwise, and takes a signing secret of 32 characters or more', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/spindle' });
    expect(defaults.imageDir).to.equal('/srv/spindle/images');
    expect(defaults.imageSigningSecret).to.equal(undefined);
    const set = loadConfig({ IMAGE_DIR: '/srv/covers', IMAGE_SIGNING_SECRET: 'k'.repeat(32) });
    expect([set.imageDir, set.imageSigningSecret]).to.deep.equal(['/srv/covers', 'k'.repeat(32)]);
    try {
      loadConfig({ IMAGE_SIGNING_SECRET: 'short' });
      expect.fail('a short secret was taken');
    } catch (err) {
      expect((err as ConfigError).problems).to.deep.equal(['IMAGE_SIGNING_SECRET must be at least 32 characters long']);
    }
  });

  it('keeps files in the data folder unless told otherwise, exports for a week unless told otherwise', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/spindle' });
    expect([defaults.fileDir, defaults.exportRetentionHours]).to.deep.equal(['/srv/spindle/files', 168]);
    const set = loadConfig({ FILE_DIR: '/mnt/shared/files', EXPORT_RETENTION_HOURS: '24' });
    expect([set.fileDir, set.exportRetentionHours]).to.deep.equal(['/mnt/shared/files', 24]);
    try {
      loadConfig({ EXPORT_RETENTION_HOURS: '0' });
      expect.fail('a retention of 0 was taken');
    } catch (err) {
      expect((err as ConfigError).problems).to.deep.equal(['EXPORT_RETENTION_HOURS must be a whole number from 1 to 87600, got "0"']);
    }
  });

  it('refuses bad values, naming every problem at once', () => {
    try {
      loadConfig({ PORT: 'eighty', BASE_URL: 'ftp://x', BRAND: 'two words', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe', RATE_LIMIT_ANONYMOUS: '0' });
      expect.fail('should throw');
    } catch (err) {
      expect(err).to.be.instanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'BASE_URL', 'BRAND', 'DATABASE_URL', 'LOG_LEVEL', 'TRUST_PROXY', 'RATE_LIMIT_ANONYMOUS']) {
        expect(problems).to.include(name);
      }
    }
  });

  it('reads the job settings: lease, poll interval, and whether the server runs a worker', () => {
    expect(loadConfig({}).jobs).to.deep.equal({ leaseSeconds: 60, pollMs: 1000, workerInServer: true });
    expect(loadConfig({ JOB_LEASE_SECONDS: '1', JOB_POLL_MS: '10', JOB_WORKER: 'off' }).jobs).to.deep.equal({ leaseSeconds: 1, pollMs: 10, workerInServer: false });
    try {
      loadConfig({ JOB_LEASE_SECONDS: '0', JOB_POLL_MS: '9', JOB_WORKER: 'sometimes' });
      expect.fail('should throw');
    } catch (err) {
      expect(err).to.be.instanceOf(ConfigError);
      expect((err as ConfigError).problems).to.deep.equal([
        'JOB_LEASE_SECONDS must be a whole number from 1 to 86400, got "0"',
        'JOB_POLL_MS must be a whole number from 10 to 3600000, got "9"',
        'JOB_WORKER must be true or false, got "sometimes"',
      ]);
    }
  });

  it('reads the storage family: sql by default, memory in any letter case, anything else refused; memory is one process', () => {
    expect(loadConfig({}).storage).to.equal('sql');
    expect(loadConfig({ STORAGE: 'Memory' }).storage).to.equal('memory');
    expect(loadConfig({ STORAGE: 'sql', DATABASE_URL: 'postgres://db/x' }).storage).to.equal('sql');
    const problems = (env: Record<string, string>): string[] => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        return (err as ConfigError).problems as string[];
      }
    };
    expect(problems({ STORAGE: 'mongo' })).to.deep.equal(['STORAGE must be sql or memory, got "mongo"']);
    expect(problems({ STORAGE: 'memory', WEB_CONCURRENCY: '2' })).to.deep.equal([
      'WEB_CONCURRENCY above 1 needs STORAGE=sql (each process\'s memory is its own), got "2"',
    ]);
  });

  describe('WEB_CONCURRENCY', () => {
    it('defaults to the cores, less one for a PostgreSQL server on this machine, and 1 embedded', () => {
      const cores = os.availableParallelism();
      expect(loadConfig({}).webConcurrency).to.equal(1);
      expect(loadConfig({ DATABASE_URL: 'postgres://db.example.net/spindle' }).webConcurrency).to.equal(cores);
      expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/spindle' }).webConcurrency).to.equal(Math.max(1, cores - 1));
      expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1/spindle', WEB_CONCURRENCY: '3' }).webConcurrency).to.equal(3);
    });

    it('counts loopback addresses, localhost and Unix sockets as this machine', () => {
      for (const url of [
        'postgres://u@localhost/x',
        'postgres://u@LOCALHOST:5433/x',
        'postgres://u@127.0.0.1/x',
        'postgres://u@127.1.2.3/x',
        'postgres://u@[::1]:5432/x',
        'postgres:///x',
        'postgresql://%2Fvar%2Frun%2Fpostgresql/x',
      ]) {
        expect(defaultWebConcurrency(url, 8), url).to.equal(7);
        expect(defaultWebConcurrency(url, 1), url).to.equal(1);
      }
      for (const url of ['postgres://u@db.internal/x', 'postgres://u@10.0.0.5:5432/x', 'postgres://u@[2001:db8::1]/x', 'postgres://u@127.0.0.1.example.com/x']) {
        expect(defaultWebConcurrency(url, 8), url).to.equal(8);
      }
    });
  });

  describe('metrics and readiness settings', () => {
    const token = 'm'.repeat(32);

    it('serves no metrics on the public port by default, and gives each dependency 2 s to answer /readyz', () => {
      const c = loadConfig({});
      expect(c.metrics).to.deep.equal({ token: undefined, port: undefined, host: '0.0.0.0', public: false });
      expect(c.readinessTimeoutMs).to.equal(2000);
    });

    it('reads the token, the port and its host, the explicit public choice and the readiness timeout', () => {
      const c = loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_PUBLIC: 'yes', READINESS_TIMEOUT_MS: '500' });
      expect(c.metrics).to.deep.equal({ token, port: 9464, host: '10.0.0.5', public: true });
      expect(c.readinessTimeoutMs).to.equal(500);
    });

    it('binds the metrics port to HOST unless METRICS_HOST says otherwise', () => {
      expect(loadConfig({ HOST: '127.0.0.1', METRICS_PORT: '9464' }).metrics.host).to.equal('127.0.0.1');
    });

    it('refuses a short or spaced token, a metrics port equal to PORT or out of range, and a bad timeout, naming each', () => {
      const problems = (env: Record<string, string>): readonly string[] => {
        try {
          loadConfig(env);
        } catch (err) {
          return (err as ConfigError).problems;
        }
        return [];
      };
      expect(problems({ METRICS_TOKEN: 'short' })).to.deep.equal(['METRICS_TOKEN must be at least 32 printable characters without spaces']);
      expect(problems({ METRICS_TOKEN: `${token} ${token}` })).to.deep.equal(['METRICS_TOKEN must be at least 32 printable characters without spaces']);
      expect(problems({ PORT: '8080', METRICS_PORT: '8080' })).to.deep.equal([
        'METRICS_PORT must differ from PORT (the metrics port is for the monitor alone), got "8080"',
      ]);
      expect(problems({ METRICS_PORT: '70000' })).to.deep.equal(['METRICS_PORT must be a whole number from 1 to 65535, got "70000"']);
      expect(problems({ METRICS_PUBLIC: 'maybe' })).to.deep.equal(['METRICS_PUBLIC must be true or false, got "maybe"']);
      expect(problems({ READINESS_TIMEOUT_MS: '10' })).to.deep.equal(['READINESS_TIMEOUT_MS must be a whole number from 50 to 60000, got "10"']);
    });
  });

  describe('SHUTDOWN_DRAIN_SECONDS, SHUTDOWN_GRACE_SECONDS', () => {
    it('default to no drain and a grace of 10 s, and read whole seconds', () => {
      expect(loadConfig({}).shutdown).to.deep.equal({ drainMs: 0, graceMs: 10_000 });
      expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '5', SHUTDOWN_GRACE_SECONDS: '0' }).shutdown).to.deep.equal({ drainMs: 5_000, graceMs: 0 });
    });

    it('refuses what is not a whole number of seconds up to an hour', () => {
      expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '1.5', SHUTDOWN_GRACE_SECONDS: '3601' }))
        .to.throw(ConfigError)
        .with.property('problems')
        .that.deep.equals([
          'SHUTDOWN_DRAIN_SECONDS must be a whole number from 0 to 3600, got "1.5"',
          'SHUTDOWN_GRACE_SECONDS must be a whole number from 0 to 3600, got "3601"',
        ]);
    });
  });

  describe('RATE_LIMIT_STORE_FAILURE', () => {
    it('defaults to open', () => {
      expect(loadConfig({}).rateLimitStoreFailure).to.equal('open');
      expect(loadConfig({ RATE_LIMIT_STORE_FAILURE: '  ' }).rateLimitStoreFailure).to.equal('open');
    });

    it('reads open and closed, in any letter case', () => {
      expect(loadConfig({ RATE_LIMIT_STORE_FAILURE: 'closed' }).rateLimitStoreFailure).to.equal('closed');
      expect(loadConfig({ RATE_LIMIT_STORE_FAILURE: 'Closed ' }).rateLimitStoreFailure).to.equal('closed');
      expect(loadConfig({ RATE_LIMIT_STORE_FAILURE: 'OPEN' }).rateLimitStoreFailure).to.equal('open');
    });

    it('refuses anything else, naming the variable and the value', () => {
      try {
        loadConfig({ RATE_LIMIT_STORE_FAILURE: 'fail-open' });
        expect.fail('should throw');
      } catch (err) {
        expect(err).to.be.instanceOf(ConfigError);
        expect((err as ConfigError).problems).to.deep.equal(['RATE_LIMIT_STORE_FAILURE must be open or closed, got "fail-open"']);
      }
    });
  });
});
