// Where a device keeps what it was enrolled with (written by /enrol, read by the console), and
// the desk its own sign-in (this tab only). Never in a URL.
export const DEVICE_KEY = 'cue-ledger.credential';
export const DESK_KEY = 'cue-ledger.desk';

function read(storage, key) {
  try {
    const c = JSON.parse(storage.getItem(key) ?? 'null');
    if (!c || typeof c.token !== 'string') return null;
    if (Date.parse(c.expiresAt) <= Date.now()) return null;
    return c;
  } catch {
    return null;
  }
}

export const deviceCredential = () => read(localStorage, DEVICE_KEY);
export const deskCredential = () => read(sessionStorage, DESK_KEY);

export function saveCredential(c) {
  const value = JSON.stringify({
    token: c.token,
    role: c.role,
    subject: c.subject,
    matchId: c.matchId ?? null,
    tableId: c.tableId ?? null,
    expiresAt: c.expiresAt,
  });
  if (c.role === 'RECORD_KEEPER' || c.role === 'ADMIN') sessionStorage.setItem(DESK_KEY, value);
  else localStorage.setItem(DEVICE_KEY, value);
}

export const forgetDesk = () => sessionStorage.removeItem(DESK_KEY);
