/**
 * The guest pages' look, in plain CSS (no MUI, no emotion: the sign-in page's first load stays small, issue 11),
 * close to the admin's MUI theme (admin/src/layout/theme.ts): its primary colour, Roboto-or-system font, a
 * white card on grey. Every text/background pair reaches WCAG AA; field borders 4.5:1. Added once, as a <style>
 * element (the CSP allows inline styles, not inline scripts).
 */
import { PALETTE } from '../layout/palette.js';

const primary = PALETTE.primary.main;
const error = PALETTE.error.main;

const CSS = `
.ll-guest{min-height:100vh;display:flex;align-items:center;justify-content:center;box-sizing:border-box;padding:16px;margin:0;
  background:#f5f5f5;color:rgba(0,0,0,.87);font-family:Roboto,Helvetica,Arial,sans-serif;font-size:1rem;line-height:1.5}
.ll-card{width:100%;max-width:420px;box-sizing:border-box;padding:16px 16px 24px;background:#fff;border-radius:4px;
  box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}
.ll-head{display:flex;justify-content:space-between;align-items:center;margin-bottom:16px}
.ll-app{margin:0;font-size:1.25rem;font-weight:500;line-height:1.6}
.ll-title{margin:0 0 16px;font-size:1.5rem;font-weight:400;line-height:1.334}
.ll-stack{display:flex;flex-direction:column;gap:16px;margin:0}
.ll-field label{display:block;margin-bottom:4px;font-size:.875rem;color:#595959}
.ll-field input{display:block;width:100%;box-sizing:border-box;padding:12px 14px;font:inherit;color:inherit;background:#fff;
  border:1px solid #767676;border-radius:4px}
.ll-field input:hover{border-color:rgba(0,0,0,.87)}
.ll-field input:focus{outline:2px solid ${primary};outline-offset:-1px;border-color:${primary}}
.ll-field input:disabled{color:#595959;background:#f5f5f5;border-color:#9e9e9e}
.ll-field input[aria-invalid=true]{border-color:${error}}
.ll-field input[aria-invalid=true]:focus{outline-color:${error}}
.ll-field .ll-help{margin:4px 14px 0;font-size:.75rem;color:${error}}
.ll-button{padding:8px 22px;font:inherit;font-size:.9375rem;font-weight:500;letter-spacing:.03em;text-transform:uppercase;
  color:#fff;background:${primary};border:0;border-radius:4px;cursor:pointer;
  box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)}
.ll-button:hover{background:#083d73}
.ll-button:focus-visible{outline:3px solid #083d73;outline-offset:2px}
.ll-button:disabled{color:rgba(0,0,0,.38);background:rgba(0,0,0,.12);box-shadow:none;cursor:default}
.ll-link{align-self:center;padding:4px;font:inherit;color:${primary};background:none;border:0;text-decoration:underline;cursor:pointer}
.ll-link:focus-visible{outline:2px solid ${primary}}
.ll-alert{padding:14px 16px;border-radius:4px;font-size:.875rem;line-height:1.43}
.ll-alert:focus{outline:2px solid currentColor}
.ll-alert-error{color:#5f2120;background:#fdeded}
.ll-alert-success{color:#1e4620;background:#edf7ed}
.ll-alert-info{color:#014361;background:#e5f6fd}
.ll-langs{display:inline-flex;border:1px solid #bdbdbd;border-radius:4px}
.ll-langs button{min-width:40px;padding:5px 7px;font:inherit;font-size:.8125rem;font-weight:500;color:#595959;background:none;
  border:0;cursor:pointer}
.ll-langs button+button{border-left:1px solid #bdbdbd}
.ll-langs button[aria-pressed=true]{color:rgba(0,0,0,.87);background:rgba(0,0,0,.08)}
.ll-langs button:focus-visible{outline:2px solid ${primary};outline-offset:-2px}
`;

let added = false;

export function addGuestStyles(): void {
  if (added || typeof document === 'undefined') return;
  added = true;
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.appendChild(style);
  document.body.style.margin = '0';
}
