// Rule tables of the webhook/* group (reference 5), run through the pipeline and straight through the rules.
import { corpusConfig } from './corpus.js';
import { HANDLER_POINTER, legacyDb, withHandler, type RuleCases } from './types.js';

const EVENTS = 'couchbase__sync_gateway/examples__legacy_config__events_webhook.json';
const EVENTS_DB = 'couchbase__sync_gateway/examples__database_config__events-webhook.json';
const GCM = 'couchbaselabs__Couchbase-by-Example/02-gcm-webhook__sync-gateway-config.json';
const FILTER = 'function(doc) { return doc.type == "order"; }';
/** A well-formed webhook handler, written for these tables. */
const GOOD_HANDLER = withHandler({ handler: 'webhook', url: 'https://hooks.example.com/orders', filter: FILTER, timeout: 10 });

export const cases: Record<string, RuleCases> = {
  'webhook/handler-type': {
    valid: [{ kind: 'legacy', config: GOOD_HANDLER }, { kind: 'legacy', config: corpusConfig(EVENTS) }, { kind: 'database', config: corpusConfig(EVENTS_DB) }],
    invalid: [
      { kind: 'legacy', config: withHandler({ handler: 'Webhook', url: 'https://h/x', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/handler`, message: 'did you mean "webhook"' }] },
      { kind: 'legacy', config: withHandler({ url: 'https://h/x', filter: FILTER }), errors: [{ pointer: HANDLER_POINTER, message: 'unknown event handler type' }] },
    ],
  },
  'webhook/missing-url': {
    valid: [
      { kind: 'legacy', config: GOOD_HANDLER }, { kind: 'legacy', config: corpusConfig(GCM) },
      // NewWebhook refuses only url == "": a blank one loads, and every post fails (webhook/invalid-url).
      { name: 'a blank url is loaded', kind: 'database', config: { bucket: 'b', event_handlers: { db_state_changed: [{ handler: 'webhook', url: '  ' }] } } },
    ],
    invalid: [
      { kind: 'legacy', config: withHandler({ handler: 'webhook', filter: FILTER }), errors: [{ pointer: HANDLER_POINTER, message: 'url parameter must be defined' }] },
      { kind: 'database', config: { bucket: 'b', event_handlers: { db_state_changed: [{ handler: 'webhook', url: '' }] } }, errors: [{ pointer: '/event_handlers/db_state_changed/0/url' }] },
    ],
  },
  'webhook/invalid-url': {
    valid: [
      { kind: 'legacy', config: GOOD_HANDLER }, { kind: 'legacy', config: corpusConfig(GCM) },
      // Go posts these: a space in the path is escaped, the query is not unescaped, the scheme's case is free.
      { name: 'what Go reads', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'HTTPS://hooks.example.com/a b?discount=100%', filter: FILTER }) },
    ],
    invalid: [
      { kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'hooks.example.com/orders', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'not an absolute http' }] },
      { kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'ftp://hooks.example.com/orders', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'scheme is ftp:' }] },
      { name: 'unrendered template (mobile-testkit)', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'http://{{ test_framework_ip }}:8080', timeout: 60 }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'template placeholder' }] },
      // What Go's net/url refuses (or reads without a host) where WHATWG's URL, which Node has, reads a URL.
      { name: 'blank', kind: 'legacy', config: withHandler({ handler: 'webhook', url: '  ', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'it is blank' }] },
      { name: 'a space before it', kind: 'legacy', config: withHandler({ handler: 'webhook', url: ' https://hooks.example.com/orders', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'white space around it' }] },
      { name: 'a line break after it', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://hooks.example.com/orders\n', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'control character' }] },
      { name: 'no // after the scheme', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https:hooks.example.com/orders', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'no "//" after https:' }] },
      { name: 'a backslash for a slash', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://hooks.example.com\\orders', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'host has a space or a backslash' }] },
      { name: 'no host', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https:///orders', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'names no host' }] },
      { name: 'a bad escape in the path', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://hooks.example.com/100%', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'does not start an escape' }] },
    ],
  },
  'webhook/plain-http': {
    valid: [
      { name: 'localhost (examples)', kind: 'legacy', config: corpusConfig(GCM) },
      { kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://hooks.example.com/orders', filter: FILTER }) },
    ],
    invalid: [
      {
        kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'http://user:s3cret@hooks.example.com/orders', filter: FILTER }),
        errors: [{ pointer: `${HANDLER_POINTER}/url`, message: /^(?![^]*s3cret)[^]*with credentials in the URL[^]*Use https\.$/ }],
      },
    ],
  },
  'webhook/no-filter': {
    valid: [
      { kind: 'legacy', config: corpusConfig(GCM) },
      { name: 'db_state_changed needs no filter', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x' }, 'db_state_changed') },
      // The gateway compiles a blank filter, which fails at every event: functions/not-a-function's finding.
      { name: 'a blank filter is not none', kind: 'database', config: { bucket: 'b', event_handlers: { document_changed: [{ handler: 'webhook', url: 'https://h/x', filter: ' ' }] } } },
    ],
    invalid: [
      { kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x' }), errors: [{ pointer: HANDLER_POINTER, message: 'every saved revision', severity: 'info' }] },
      { name: 'an empty filter', kind: 'database', config: { bucket: 'b', event_handlers: { document_changed: [{ handler: 'webhook', url: 'https://h/x', filter: '' }] } }, errors: [{ pointer: '/event_handlers/document_changed/0' }] },
    ],
  },
  'webhook/no-timeout': {
    valid: [{ kind: 'legacy', config: corpusConfig(GCM) }, { kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x', filter: FILTER, timeout: 10 }) }],
    invalid: [
      { name: 'timeout 0', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x', filter: FILTER, timeout: 0 }), errors: [{ pointer: `${HANDLER_POINTER}/timeout`, message: 'never times out' }] },
      { name: 'events example', kind: 'legacy', config: corpusConfig(EVENTS), errors: [{ pointer: `${HANDLER_POINTER}/timeout`, message: 'never times out' }] },
    ],
  },
  'webhook/wait-for-process': {
    valid: [{ kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x', filter: FILTER }, 'document_changed', { wait_for_process: '100' }) }, { name: 'the largest 64-bit integer, with a sign', kind: 'database', config: { bucket: 'b', event_handlers: { wait_for_process: '+9223372036854775807' } } }, { kind: 'legacy', config: corpusConfig(EVENTS) }, { kind: 'database', config: corpusConfig(EVENTS_DB) }],
    invalid: [
      { kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x', filter: FILTER }, 'document_changed', { wait_for_process: '0' }), errors: [{ pointer: '/databases/db/event_handlers/wait_for_process', severity: 'info', message: 'discards an event' }] },
      { kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x', filter: FILTER }, 'document_changed', { wait_for_process: '5s' }), errors: [{ pointer: '/databases/db/event_handlers/wait_for_process', severity: 'warning', message: 'default (100 ms)' }] },
      { kind: 'database', config: { bucket: 'b', event_handlers: { wait_for_process: '-1' } }, errors: [{ pointer: '/event_handlers/wait_for_process', message: 'negative' }] },
      { name: 'beyond a 64-bit integer (ParseInt refuses it)', kind: 'database', config: { bucket: 'b', event_handlers: { wait_for_process: '9223372036854775808' } }, errors: [{ pointer: '/event_handlers/wait_for_process', severity: 'warning', message: 'beyond a 64-bit integer' }] },
    ],
  },
  'webhook/options-not-allowed': {
    valid: [{ kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x', filter: FILTER, options: { winning_rev_only: true } }) }],
    invalid: [
      { kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x', options: { winning_rev_only: true } }, 'db_state_changed'), errors: [{ pointer: '/databases/db/event_handlers/db_state_changed/0/options', message: 'no options' }] },
    ],
  },
  'webhook/self-target': {
    valid: [
      { kind: 'legacy', config: corpusConfig(GCM) },
      { name: 'another port on localhost', kind: 'database', config: { bucket: 'b', event_handlers: { document_changed: [{ handler: 'webhook', url: 'http://localhost:8081/hook', filter: FILTER }] } } },
    ],
    invalid: [
      { name: 'default public port', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'http://localhost:4984/db/', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'is the public interface (default :4984)' }] },
      { name: 'a user name in the URL is not shown (it can be a token)', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'http://tok3n@localhost:4984/db/', filter: FILTER }), errors: [{ pointer: `${HANDLER_POINTER}/url`, message: 'http://****@localhost:4984/db/ is the public interface' }] },
      {
        name: 'configured admin interface', kind: 'legacy',
        config: { adminInterface: '127.0.0.1:9985', ...legacyDb({ event_handlers: { db_state_changed: [{ handler: 'webhook', url: 'http://127.0.0.1:9985/db/_config' }] } }) },
        errors: [{ pointer: '/databases/db/event_handlers/db_state_changed/0/url', message: 'is the admin interface (adminInterface "127.0.0.1:9985")' }],
      },
    ],
  },
};
