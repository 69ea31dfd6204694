import type Router from '@koa/router';
import type Koa from 'koa';
import type { EditProfile } from '../../../application/users/edit-profile.js';
import type { GetProfile } from '../../../application/users/get-profile.js';
import { CURRENCIES } from '../../../domain/marketplace/currency.js';
import type { SpindleState } from '../http-state.js';
import { problemsByField } from '../identity/web/account-pages.js';
import { SETTINGS_PAGES } from '../identity/web/account-templates.js';
import type { RouteModule } from '../route-module.js';
import type { ApiUrls } from '../urls.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { profileFormInput } from './profile-bodies.js';
import { profileSettingsTemplates } from './profile-settings-templates.js';

const PATH = '/settings/profile';
const FIELDS = ['real_name', 'home_page', 'location', 'profile', 'curr_abbr'] as const;
const MAX_FORM_BYTES = 64 * 1024;

/**
 * The profile settings page on `{web_url}/settings/profile`: the fields `POST /s/{name}` edits (real name, home page,
 * location, profile text in markup, currency), checked as the API checks them (`ProfileBody`, every problem at once
 * beside its field, the values kept, 422) and saved by the same use case; a save answers 303 to the page with a notice.
 */
export class ProfileSettingsPage implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly getProfile: GetProfile,
    private readonly editProfile: EditProfile,
    deps: WebPageDeps,
    private readonly urls: ApiUrls,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, profileSettingsTemplates());
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  isWebPage(path: string): boolean {
    return path === PATH;
  }

  private async show(ctx: Koa.Context, caller: SignedIn, sent?: Record<string, string>, problems: Record<string, string> = {}, status = 200): Promise<void> {
    const { user } = await this.getProfile.execute({ name: caller.username, caller, textFormat: 'markup' });
    const form = sent ?? { real_name: user.realName, home_page: user.homePage, location: user.location, profile: user.profile, curr_abbr: user.currency };
    const saved = ctx.query.done === 'profile' && !sent;
    await this.kit.render(ctx, '@profile-settings', {
      title: 'Your profile',
      user: caller.username,
      here: PATH,
      settingsPages: SETTINGS_PAGES,
      profileUrl: this.urls.user(caller.username),
      currencies: CURRENCIES,
      form,
      problems,
      notice: saved ? 'Your profile is saved.' : undefined,
      error: Object.keys(problems).length > 0 ? 'The profile was not saved: see the problems below.' : undefined,
    }, status);
  }

  register(router: Router<SpindleState>): void {
    const back = { href: `${this.kit.settings.webUrl}${PATH}`, text: 'Your profile' };
    router.get(PATH, this.kit.page(async (ctx) => this.show(ctx, await this.kit.signedIn(ctx)), back));
    router.post(PATH, this.kit.page(async (ctx) => {
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const caller = await this.kit.signedIn(ctx);
      const sent = Object.fromEntries(FIELDS.map((f) => [f, form.get(f) ?? '']));
      const { input, problems } = profileFormInput(sent);
      if (problems.length > 0) return this.show(ctx, caller, sent, problemsByField(problems, 'real_name'), 422);
      await this.editProfile.execute({ name: caller.username, caller, body: () => input, textFormat: 'markup' });
      this.kit.seeOther(ctx, `${PATH}?done=profile`);
    }, back));
  }
}
