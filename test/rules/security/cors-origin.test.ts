import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/security/cors-origin.js';

const startup = (cors: object) => ({ bootstrap: { server: 'couchbases://cb' }, api: { cors } });

runRuleTests(rule, {
  valid: [
    { name: 'origins as browsers send them, "*", "null", an app\'s own scheme', kind: 'bootstrap', config: startup({ origin: ['*', 'null', 'http://localhost:8080', 'https://app.example.com', 'http://[::1]:4200', 'capacitor://localhost'], login_origin: ['https://app.example.com'] }) },
    { name: 'a legacy database\'s cors is unknown to 2.8 (schema/unknown-field says so)', kind: 'legacy', config: { databases: { db: { server: 'couchbases://cb', cors: { origin: ['example.com'] } } } }, options: { target: '2.8' } },
  ],
  invalid: [
    {
      name: 'no scheme, a trailing "/", upper case, a default port, a wildcard',
      kind: 'bootstrap', config: startup({ origin: ['localhost:4200', 'http://localhost:8080/', 'https://App.example.com', 'https://app.example.com:443', 'https://*.example.com'] }),
      errors: [
        { pointer: '/api/cors/origin/0', severity: 'warning', message: 'CORS origin "localhost:4200" is not an origin (scheme://host[:port])' },
        { pointer: '/api/cors/origin/1', message: 'CORS origin "http://localhost:8080/" never equals a browser\'s Origin header' },
        { pointer: '/api/cors/origin/2', message: 'never equals' },
        { pointer: '/api/cors/origin/3', message: 'never equals' },
        { pointer: '/api/cors/origin/4', message: 'CORS origin "https://*.example.com" is compared as written, not as a pattern' },
      ],
    },
    { name: 'a legacy file\'s CORS block, LoginOrigin too', kind: 'legacy', config: { CORS: { Origin: ['example.com'], LoginOrigin: ['http://example.com/login'] }, databases: {} }, errors: [{ pointer: '/CORS/Origin/0', message: 'is not an origin' }, { pointer: '/CORS/LoginOrigin/0', message: 'never equals' }] },
    { name: 'a database\'s own cors', kind: 'database', config: { name: 'db', cors: { login_origin: ['HTTPS://example.com'] } }, errors: [{ pointer: '/cors/login_origin/0', message: 'database "db": CORS origin "HTTPS://example.com" never equals' }] },
  ],
});
