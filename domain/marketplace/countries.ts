/**
 * The ISO 3166-1 alpha-2 codes of the countries and territories a buyer may live in or a seller may price shipping
 * to (the officially assigned codes, plus XK for Kosovo).
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA ' +
  'CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA ' +
  'GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS ' +
  'MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS ' +
  'RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW ' +
  'TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

const CODES = new Set(COUNTRY_CODES);

/** Whether the text is one of COUNTRY_CODES (exact, upper case). */
export function isCountryCode(value: string): boolean {
  return CODES.has(value);
}

/** Names people write for a country that are neither its code nor its English name. */
const ALIASES: Readonly<Record<string, string>> = {
  uk: 'GB', 'great britain': 'GB', britain: 'GB', england: 'GB', scotland: 'GB', wales: 'GB', 'northern ireland': 'GB',
  usa: 'US', 'u.s.': 'US', 'u.s.a.': 'US', america: 'US', 'united states of america': 'US',
  holland: 'NL', 'the netherlands': 'NL', deutschland: 'DE', espana: 'ES', españa: 'ES', italia: 'IT',
  'czech republic': 'CZ', 'south korea': 'KR', korea: 'KR', russia: 'RU', 'russian federation': 'RU',
  turkey: 'TR', 'ivory coast': 'CI', 'hong kong': 'HK', macau: 'MO', macao: 'MO', burma: 'MM', 'east timor': 'TL',
};

/** Lower case, `&` as `and`, accents and punctuation but `.` dropped, spaces collapsed. */
function normalised(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9. ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each country's English name (from the runtime's locale data; where it has none, codes and aliases still match). */
const BY_NAME: ReadonlyMap<string, string> = (() => {
  const names = new Map<string, string>();
  const display = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }) : null;
  for (const code of COUNTRY_CODES) {
    const name = display?.of(code);
    if (name) names.set(normalised(name), code);
  }
  for (const [alias, code] of Object.entries(ALIASES)) names.set(normalised(alias), code);
  return names;
})();

/**
 * The country a profile's free-text location names, as an ISO code, or null when none can be told: the whole text
 * or its last comma-separated part, as a code ("GB", "de"), an English name ("Germany", "United Kingdom") or a
 * common alias ("UK", "USA", "England", "Holland"), in any letter case.
 */
export function countryOf(location: string | null | undefined): string | null {
  if (!location) return null;
  const candidates = [location, location.split(',').at(-1) ?? ''];
  for (const candidate of candidates) {
    const text = candidate.trim();
    if (text === '') continue;
    if (/^[A-Za-z]{2}$/.test(text) && CODES.has(text.toUpperCase())) return text.toUpperCase();
    const byName = BY_NAME.get(normalised(text));
    if (byName) return byName;
  }
  return null;
}
