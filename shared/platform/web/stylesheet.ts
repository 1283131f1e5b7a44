/**
 * The one stylesheet of every page (sign-in, consent and the dashboard), served at STYLESHEET_PATH so that the
 * pages' CSP can say `style-src 'self'` with no inline styles. Mobile first: one column, a side-scrolling table.
 */
export const STYLESHEET_PATH = '/assets/app.css';

export const STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1b1b;background:#f6f7f9}
a{color:#0b57d0}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #f9a825;outline-offset:2px}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:2}
header.top{background:#12263f;color:#fff;padding:.5rem 1rem;display:flex;gap:.5rem 1rem;align-items:center;position:relative}
header.top a{color:#fff;white-space:nowrap}header.top .brand{font-weight:700;text-decoration:none}
header.top .business{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
header.top details.account summary{cursor:pointer;padding:.35rem .6rem;border:1px solid #fff;border-radius:4px;white-space:nowrap}
header.top details.account .menu{position:absolute;right:1rem;top:100%;z-index:10;background:#fff;color:#1b1b1b;border:1px solid #d9dde3;border-radius:6px;padding:.75rem;display:flex;flex-direction:column;gap:.5rem;align-items:stretch;box-shadow:0 4px 12px rgba(0,0,0,.15)}
header.top details.account .menu button{width:100%}
header.top form{display:flex;gap:.4rem;align-items:center;margin:0}header.top label{margin:0}
header.top select{max-width:12rem}
nav.main{background:#fff;border-bottom:1px solid #d9dde3;padding:0 1rem;overflow-x:auto;white-space:nowrap}
nav.main a{display:inline-block;padding:.6rem .5rem;text-decoration:none;color:#1b1b1b}@media (min-width:48rem){nav.main{white-space:normal}}
nav.main a[aria-current=page]{border-bottom:3px solid #0b57d0;font-weight:600}
main{max-width:64rem;margin:0 auto;padding:1rem}
main.narrow{max-width:34rem;margin:2rem auto}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border:1px solid #d9dde3;border-radius:6px;padding:1rem;margin:0 0 1rem}.card>p:first-child,.card>h2:first-child{margin-top:0}
.cards{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr))}
.table{overflow-x:auto;background:#fff;border:1px solid #d9dde3;border-radius:6px;margin:0 0 1rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid #e6e8eb;vertical-align:top}
th{font-weight:600;background:#f0f2f5}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}td.date{white-space:nowrap}
label{display:block;margin:.6rem 0 .2rem;font-weight:500}
input,select,textarea{font:inherit;padding:.45rem;border:1px solid #8a94a3;border-radius:4px;max-width:100%}
input[type=text],input[type=email],input[type=password],input[type=url],input[type=date],input[type=number],select{width:100%}
input[type=checkbox],input[type=radio]{width:auto;margin-right:.4rem}
textarea{width:100%}.hint{margin:.2rem 0 0;font-size:.9em;color:#566}
.field.invalid input,.field.invalid select,.field.invalid textarea{border:2px solid #b3261e}.field-error{margin:.2rem 0 0;color:#b3261e;font-weight:500}
.editor td{min-width:5.5rem}.editor td:first-child{min-width:0;width:2rem}.editor td:nth-child(4){min-width:14rem}.editor td input,.editor td select{width:100%}
@media (max-width:40rem){.editor table,.editor tbody,.editor tr,.editor td{display:block;min-width:0;width:auto}.editor thead{display:none}.editor tr{border-bottom:2px solid #d9dde3;padding:.3rem 0}.editor td{border:0;padding:.2rem .6rem}.editor td::before{content:attr(data-label);display:block;font-weight:600;font-size:.9em}.editor td.num{text-align:left}}
tr.invalid td{background:#fdf3f2}
.report{display:grid;gap:1rem}
.chart-box{margin:0;max-width:44rem;background:#fff;border:1px solid #d9dde3;border-radius:6px;padding:.5rem}.report tbody th{background:none;font-weight:400}.report tr.heading th{font-weight:600}.chart{width:100%;height:auto}
.chart .series-0{fill:#0b57d0}.chart .series-1{fill:#8fb0e6}.chart .grid{stroke:#e6e8eb}.chart .axis{stroke:#1b1b1b}.chart text{font-size:12px;fill:#333}
tr.heading th{padding-top:.8rem}tr.total th,tr.total td{font-weight:700;border-top:2px solid #8a94a3}
nav.views{display:flex;flex-wrap:wrap;gap:.3rem 1rem;margin:0 0 1rem}nav.views a[aria-current=page]{font-weight:700;text-decoration:none}td.invalid input,td.invalid select{border:2px solid #b3261e}
.search{display:flex;flex-wrap:wrap;gap:.4rem;align-items:flex-end}.search label{flex-basis:100%}.search input{flex:1;min-width:10rem;width:auto}.search button{margin:0}
.totals{display:grid;grid-template-columns:auto auto;justify-content:end;gap:.2rem 1.5rem;font-variant-numeric:tabular-nums}.totals dt{font-weight:600}.totals dd{margin:0;text-align:right}
label.check{font-weight:400;display:flex;align-items:center;margin:.3rem 0}.scope-note{margin:0 0 .5rem 1.6rem;font-size:.9em}
fieldset{border:1px solid #d9dde3;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
.filters{display:grid;gap:0 1rem;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));align-items:end}
progress{display:block;width:100%;height:.8rem;margin:.5rem 0}
.condition{display:grid;gap:0 1rem;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));align-items:end}
button,.button{font:inherit;display:inline-block;padding:.5rem 1rem;border:1px solid #0b57d0;border-radius:4px;background:#0b57d0;color:#fff;cursor:pointer;text-decoration:none;margin:.5rem .5rem 0 0}
button.secondary,.button.secondary{background:#fff;color:#0b57d0}
button.danger{background:#b3261e;border-color:#b3261e}
form.inline{display:inline}
.notice{background:#e7f3ec;border:1px solid #1e7b45;padding:.6rem 1rem;border-radius:6px}
.error{background:#fdecea;border:1px solid #b3261e;color:#5f1410;padding:.6rem 1rem;border-radius:6px}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:#fff8e1;border:1px dashed #a66b00;padding:.6rem;border-radius:4px}
.muted{color:#566}.mono,.scope{font-family:ui-monospace,monospace;font-size:.9em}
.pager{display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
.changes{margin:0;padding-left:1rem;overflow-wrap:anywhere;min-width:12rem}
dl.facts{margin:0 0 .5rem;display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dl.facts dt{font-weight:600}dl.facts dd{margin:0}
@media (max-width:40rem){main{padding:.75rem}h1{font-size:1.3rem}header.top select{max-width:9rem}}
`;
