// The door, the kiosk and an organiser's event overview in each of the six languages, one
// journey per language (the suite's time is shared): join, admit, already checked in, a
// refusal (not paid), search, kiosk and the overview, at 360x640 and 1024x768, every button
// in view and uncovered, axe clean. The words looked for come from the catalogues
// themselves, so a screen that fell back to English (or to message ids) fails. Screenshots
// of each verdict in German and Arabic land in e2e/.artifacts/i18n/.
import { readFileSync } from 'node:fs';
import { axeOn, seriousViolations } from './fixtures/axe';
import { expect, type Locator, type Page, test } from './fixtures/sealed';
import { formattingTag, LOCALES, type Locale } from '../src/domain/locales';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { expectOnScreen } from './fixtures/on-screen';
import { CheckinService, DoorPage, MAIN_LIST } from './page-models/door-page';

const SIZES = [
  { width: 360, height: 640 },
  { width: 1024, height: 768 },
] as const;
const SHOT_LOCALES: readonly Locale[] = ['de', 'ar'];

type Catalogue = Record<string, string>;
const catalogue = (area: string, locale: Locale): Catalogue =>
  JSON.parse(readFileSync(`src/ui/i18n/messages/${area}/${locale}.json`, 'utf8'));

/** A message as the screen shows it, for messages with plain `{name}` placeholders. */
function words(messages: Catalogue, id: string, values: Record<string, string> = {}): string {
  const message = messages[id];
  if (message === undefined) throw new Error(`no message ${id}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

async function axeClean(page: Page, where: string) {
  const { violations } = await axeOn(page).analyze();
  expect(seriousViolations(violations, `${where}:`)).toEqual([]);
}

/** The buttons fit and are uncovered at both sizes; German and Arabic are photographed at each. */
async function fitsBothSizes(page: Page, locale: Locale, buttons: Locator, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Photographed before the check, so a screen that does not fit can be looked at.
    if (SHOT_LOCALES.includes(locale)) {
      await page.waitForTimeout(150);
      await page
        .screenshot({ path: `e2e/.artifacts/i18n/${locale}-${name}-${size.width}x${size.height}.png` })
        .catch(() => undefined);
    }
    await expectOnScreen(page, buttons, `${locale} ${name}`);
  }
  await page.setViewportSize(SIZES[0]);
}

LOCALES.forEach((locale, index) => {
  test(`speaks ${locale} at the door, in the kiosk and on the event overview`, async ({
    browser,
    baseURL,
  }) => {
    // Generous: two shared cores, and axe on the organiser overview alone can take a while.
    test.setTimeout(240_000);
    const door = catalogue('door', locale);
    const organiser = catalogue('organiser', locale);
    // English staff hand the kiosk to attendees in Spanish: the kiosk's own language.
    const kioskLocale: Locale = locale === 'en' ? 'es' : locale;
    const kiosk = catalogue('door', kioskLocale);
    const service = new CheckinService(baseURL!);
    // Fresh tickets from the middle of the list, apart for each language and from other specs.
    const fresh = (await service.freshTickets(MAIN_LIST, 100_000)).slice(300 + index * 4);
    const [admitted, kiosked] = fresh.filter((t) => t.first_name);
    // The tallest verdict a door shows: a ticket of an order of three or more, with answers, so
    // its order and its answers both share the screen with four buttons.
    const answered = new Set((await service.answers(MAIN_LIST)).map((a) => a.ticket_id));
    const elsewhere = (await service.freshOrders(MAIN_LIST))
      .filter((order) => order.length >= 3)
      .map((order) => order.find((t) => t.first_name && answered.has(t.id)))
      .filter((t) => t !== undefined && t.id !== admitted?.id && t.id !== kiosked?.id)[index];
    const unpaid = (await service.tickets(MAIN_LIST)).find(
      (t) => t.payment_state === 'unpaid' && t.state === 'complete' && !t.void,
    );
    if (!admitted || !elsewhere || !kiosked || !unpaid) throw new Error('too few tickets in the demo list');
    await service.checkInElsewhere(MAIN_LIST, elsewhere.id);

    const context = await browser.newContext({ viewport: SIZES[0] });
    await context.addInitScript(
      ({ locale, kioskLocale, baseUrl, token }) => {
        if (localStorage.getItem('venue-checkin.settings')) return;
        localStorage.setItem(
          'venue-checkin.settings',
          JSON.stringify({
            language: locale,
            kioskLanguage: kioskLocale,
            sounds: false,
            autoReturnSeconds: 0,
            kioskPin: '2468',
          }),
        );
        localStorage.setItem(
          'venue-checkin.organiser.connection',
          JSON.stringify({ kind: 'remote', baseUrl, token }),
        );
      },
      { locale, kioskLocale, baseUrl: `${baseURL}/v3`, token: ORGANISER_TOKENS.live31 },
    );
    const page = await context.newPage();
    const doorPage = new DoorPage(page);

    // Join, in the chosen language, laid out in its direction.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    const join = page.getByRole('button', { name: door.doorJoin, exact: true });
    await expect(join).toBeVisible();
    await fitsBothSizes(page, locale, join, 'join');
    await axeClean(page, 'join');
    await page.getByLabel(door.doorSlugLabel!, { exact: true }).fill(MAIN_LIST);
    await page.getByLabel(door.joinDeviceName!, { exact: true }).fill(`Door ${locale}`);
    await join.click();
    await doorPage.expectScanScreen();

    const scan = async (code: string, kind: string, title: string) => {
      const box = page.getByLabel(door.scanManualLabel!, { exact: true });
      await box.fill(code);
      await box.press('Enter');
      await doorPage.expectVerdict(kind);
      await expect(doorPage.verdict().getByRole('heading', { level: 1 })).toHaveText(title);
      await fitsBothSizes(page, locale, doorPage.verdict().getByRole('button'), `verdict-${kind}`);
    };
    const next = async () => {
      await doorPage.verdict().getByRole('button', { name: door.verdictNext, exact: true }).click();
      await expect(doorPage.verdict()).toHaveCount(0);
    };

    await scan(admitted.reference, 'admitted', door.verdictAdmitted!);
    await axeClean(page, 'admitted verdict');
    await next();
    await scan(elsewhere.reference, 'already-checked-in', door.verdictAlreadyCheckedIn!);
    await expect(doorPage.verdict()).toContainText(door.verdictAtAnotherDoor!);
    await expect(
      doorPage.verdict().getByRole('button', { name: door.verdictAdmitAnyway, exact: true }),
    ).toBeVisible();
    await next();
    await scan(unpaid.reference, 'unpaid', door.verdictUnpaid!);
    await expect(doorPage.verdict()).toContainText(door.verdictUnpaidHelp!);
    await next();

    // Exit mode: its banner in the language, the way-out arrow pointing the reading direction's way.
    const modes = page.getByTestId('door-mode');
    await modes.getByRole('button', { name: door.doorModeExit, exact: true }).click();
    const banner = page.getByTestId('exit-mode');
    await expect(banner).toContainText(door.doorModeExitBanner!);
    const arrow = await banner.locator('.mirror-rtl').evaluate((el) => getComputedStyle(el).transform);
    expect(arrow).toBe(locale === 'ar' ? 'matrix(-1, 0, 0, 1, 0, 0)' : 'none');
    await modes.getByRole('button', { name: door.doorModeEntry, exact: true }).click();
    await expect(banner).toHaveCount(0);

    // Search: the ticket found by its reference, with the way back in view.
    await doorPage.search(admitted.reference);
    await expect(page.getByRole('heading', { level: 1, name: door.searchTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(admitted.reference) })).toBeVisible();
    await fitsBothSizes(page, locale, page.getByRole('link', { name: door.back, exact: true }), 'search');

    // The stats screen's times in the language's conventions, as every other screen's: "18:30"
    // in German on a browser set to American English, not "06:30 PM".
    await page.goto('/door/stats');
    const times = page.locator('.arrivals__time');
    await expect(times.first()).toBeVisible();
    const tag = formattingTag(locale, await page.evaluate(() => [...navigator.languages]));
    const unlike = await times.evaluateAll((shown, tag) => {
      const clock = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' });
      const day = new Date();
      day.setHours(0, 0, 0, 0);
      const quarters = new Set(
        Array.from({ length: 96 }, (_, i) => clock.format(day.getTime() + i * 900_000)),
      );
      return shown.map((el) => el.textContent ?? '').filter((text) => !quarters.has(text));
    }, tag);
    expect(unlike, `times not in ${tag}'s conventions`).toEqual([]);

    // The kiosk in its own language; the attendee's welcome.
    await page.goto('/door/kiosk');
    await expect(page.locator('html')).toHaveAttribute('lang', kioskLocale);
    const message = page.getByTestId('kiosk-message');
    await expect(message).toContainText(kiosk.kioskPrompt!);
    await fitsBothSizes(
      page,
      locale,
      page.getByRole('button', { name: kiosk.kioskExit, exact: true }),
      'kiosk',
    );
    await axeClean(page, 'kiosk');
    await doorPage.kioskScan(kiosked.slug);
    await expect(message).toContainText(
      words(kiosk, 'kioskWelcome', { name: '' }).replace(/[!¡]/g, '').trim(),
    );
    await expect(message).toContainText(kiosked.first_name!);

    // Back on a staff screen, the staff language again.
    await page.goto('/door/search');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);

    // The event overview, with the organiser's messages loaded in the same language.
    await page.goto('/organiser/events/demo/demo-conference');
    await expect(page.getByTestId('overview-zone')).toContainText(
      words(organiser, 'ovTimesIn').trim().split(' ')[0]!,
    );
    await expect(page.getByRole('button', { name: organiser.ovRefresh, exact: true })).toBeVisible();
    await fitsBothSizes(page, locale, page.locator('.org-overview .org-actions button'), 'overview');
    await axeClean(page, 'overview');

    if (locale === 'de') {
      // Chosen once, the language is kept for offline use: the app reopens in German offline.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const cache = await caches.open('i18n-chunks');
            return (await cache.keys()).filter((r) => /\/i18n\.door\.de\./.test(r.url)).length;
          }),
        )
        .toBe(1);
      await context.setOffline(true);
      await page.goto('/door/search');
      await expect(page.getByRole('heading', { level: 1, name: door.searchTitle })).toBeVisible();
      await context.setOffline(false);
    }
    await context.close();
  });
});
