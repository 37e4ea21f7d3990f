// Calls the server's JSON endpoints with the operator's token, and turns refusals into messages.
// The token lives in sessionStorage only: for this tab, never in a URL, a cookie or the page's markup.

const TOKEN_KEY = 'idgen.console.token';

export function storedToken() {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function storeToken(token) {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function forgetToken() {
  sessionStorage.removeItem(TOKEN_KEY);
}

/** A refusal of the token itself: the page then shows the message and no data. */
export class TokenRefused extends Error {
  constructor(message) {
    super(message);
    this.name = 'TokenRefused';
  }
}

/** An answer other than a refusal of the token: status, and the server's problem detail if any. */
export class ServerAnswer extends Error {
  constructor(status, problem) {
    super(problem && problem.detail ? problem.detail : `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

async function body(response) {
  const type = response.headers.get('Content-Type') || '';
  if (type.includes('json')) {
    return response.json();
  }
  return response.text();
}

/** Sends a request with the token; answers the parsed JSON (or text) of a 2xx answer. */
export async function call(path, options = {}) {
  const token = storedToken();
  const headers = Object.assign({ Accept: 'application/json, application/problem+json' }, options.headers || {});
  // without a token the page still asks: on Actuator's own port (management.server.port) the port is
  // the permission, and elsewhere the 401 is the prompt for one
  if (token) {
    headers.Authorization = `Bearer ${token}`;
  }
  const response = await fetch(path, { method: options.method || 'GET', headers, body: options.body,
    cache: 'no-store', credentials: 'omit', redirect: 'error' });
  const answer = await body(response);
  if (response.ok) {
    return { status: response.status, body: answer };
  }
  const problem = (typeof answer === 'object') ? answer : null;
  if (options.refusalIsAnswer) {
    throw new ServerAnswer(response.status, problem);
  }
  if (response.status === 401 && !token) {
    throw new TokenRefused('Enter a token allowed to manage (idgen.server.tokens[n].manage: true, no tags)'
      + ' to see the figures.');
  }
  if (response.status === 401) {
    throw new TokenRefused('The server did not accept this token (401). Check it and enter it again.');
  }
  if (response.status === 403 && problem && problem.limitedToTags) {
    throw new TokenRefused(`This token is limited to tags, and the console shows every tag (403): ${problem.detail}`);
  }
  if (response.status === 403) {
    throw new TokenRefused('This token may not read the figures (403): the console needs a token with'
      + ' manage: true and no tags.');
  }
  throw new ServerAnswer(response.status, problem);
}
