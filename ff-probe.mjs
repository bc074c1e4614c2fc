import { firefox } from '@playwright/test';
const base = 'http://127.0.0.1:4472';
const browserName = process.argv[2];
const b = await firefox.launch({ channel: 'moz-firefox', executablePath: '/usr/bin/firefox-esr' });
const c = await b.newContext({ serviceWorkers: 'allow', baseURL: base });
const p = await c.newPage();
p.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
await p.addInitScript(() => { if (!localStorage.getItem('venue-checkin.settings')) localStorage.setItem('venue-checkin.settings', JSON.stringify({deviceName: 'P', autoReturnSeconds: 0})); });
await p.goto('/');
const box = p.getByLabel('Check-in list slug or address');
await box.click(); await box.pressSequentially('chk_pDemoMainEntrance000000'); await box.press('Enter');
await new Promise(r => setTimeout(r, 5000)); await p.screenshot({path: '/tmp/ffp.png'}); console.log(await p.locator('main').innerText()); await new Promise(r => setTimeout(r, 3000)); console.log('sync', await p.getByTestId('last-sync').textContent().catch(()=>'?'), await p.getByTestId('door-status').textContent());
await p.evaluate(() => navigator.serviceWorker.ready);
await p.reload();
await p.getByTestId('door-status').waitFor();
console.log('controlled', await p.evaluate(() => !!navigator.serviceWorker.controller));
await c.setOffline(true);
const t = p.getByLabel('Ticket code, reference or name', { exact: true });
await t.click(); await t.pressSequentially('ZZZZ'); await t.press('Enter');
await new Promise(r => setTimeout(r, 1500));
console.log('verdict', await p.getByTestId('verdict').getAttribute('data-verdict').catch(e => 'none'));
console.log('pending', await p.getByTestId('pending').textContent());
const mode = process.argv[3];
if (mode === 'reload') { await p.reload(); await p.getByTestId('door-status').waitFor(); }
await c.setOffline(false);
for (let i = 0; i < 8; i++) { await new Promise(r => setTimeout(r, 2000)); console.log(i, await p.getByTestId('pending').textContent(), await p.getByTestId('connection').textContent(), await p.evaluate(() => navigator.onLine)); }
await b.close();
