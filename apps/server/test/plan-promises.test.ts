import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { DAILY_QUOTAS } from '@chuhai/contract';
import { adminWithTotp, auth, buildAccountApp, get, post } from './account-helpers.ts';

// Nothing listens there: which models are on offer is read from the channel table, not asked of it.
const CHAT = {
  LLM_BASE_URL: 'http://127.0.0.1:9/v1',
  LLM_API_KEY: 'sk-test',
  LLM_MODEL_STANDARD: 'std-model',
};
const drawing = { name: 'sdwebui', generate: async () => Buffer.alloc(0) };

type Built = Awaited<ReturnType<typeof buildAccountApp>>;
type App = Built['app'];

async function monthBenefits(app: App): Promise<string[]> {
  const plans = (await get(app, '/product.json')).json().plans as { id: string; benefits: string[] }[];
  return plans.find((p) => p.id === 'vip-month')?.benefits ?? [];
}

async function offer(app: App) {
  const response = await get(app, '/api/v1/offer');
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

// Each app seeds its plans from apps/web/public/product.json: the shipped defaults asserted below.
describe('plans promise only what the site delivers', () => {
  const apps: Built[] = [];
  const build = async (...args: Parameters<typeof buildAccountApp>) => {
    const built = await buildAccountApp(...args);
    apps.push(built);
    return built;
  };
  after(() => Promise.all(apps.map((a) => a.close())));

  it('with an advanced model and drawing configured, the monthly plan sells both', async () => {
    const { app } = await build({ ...CHAT, LLM_MODEL_ADVANCED: 'adv-model' }, { imageGenerator: drawing });
    assert.deepEqual(await offer(app), {
      advancedModel: true,
      features: { chat: true, draw: true, cutout: true, replace: true, translate: true },
    });
    assert.deepEqual(await monthBenefits(app), [
      'AI 问答每日 300 次，可用高级模型',
      'AI 绘画每日 50 张',
      '抠图与主图每日 300 张',
      '换背景每日 200 张',
    ]);
  });

  it('without an advanced model, 「可用高级模型」 is not sold; the offer names no model or provider', async () => {
    const { app } = await build(CHAT, { imageGenerator: drawing });
    const body = (await get(app, '/api/v1/offer')).body;
    assert.doesNotMatch(body, /std-model|sdwebui|127\.0\.0\.1|sk-test/);
    assert.equal((await offer(app)).advancedModel, false);
    assert.deepEqual(await monthBenefits(app), [
      'AI 问答每日 300 次',
      'AI 绘画每日 50 张',
      '抠图与主图每日 300 张',
      '换背景每日 200 张',
    ]);
  });

  it('with no chat or drawing provider, their lines are not sold; plans that promise nothing checkable stay', async () => {
    const { app } = await build({}, { imageGenerator: null });
    assert.deepEqual((await offer(app)).features, {
      chat: false,
      draw: false,
      cutout: true,
      replace: true,
      translate: false,
    });
    assert.deepEqual(await monthBenefits(app), ['抠图与主图每日 300 张', '换背景每日 200 张']);
    const plans = (await get(app, '/product.json')).json().plans as { id: string; benefits: string[] }[];
    assert.deepEqual(plans.find((p) => p.id === 'vip-quarter')?.benefits, [
      '包含月度 VIP 全部权益',
      '平均每月约 ¥26.33',
      '适合旺季备货期集中上新',
    ]);
  });

  it('a count the operator no longer enforces is not sold; the edited plan keeps its text for the console', async () => {
    const built = await build({ ...CHAT, LLM_MODEL_ADVANCED: 'adv-model', ADMIN_PHONES: '13700004101' });
    const { app } = built;
    const admin = await adminWithTotp(built, '13700004101', '10.71.0.1');
    const lowered = { ...DAILY_QUOTAS, vip: { ...DAILY_QUOTAS.vip, chat: 200 } };
    const saved = await post(app, '/api/admin/limits', { ...lowered, totp: admin.code() }, auth(admin.token));
    assert.equal(saved.statusCode, 200, saved.body);

    assert.deepEqual((await monthBenefits(app)).slice(0, 1), ['可用高级模型']);
    const console = (await get(app, '/api/admin/plans', auth(admin.token))).json().data as {
      id: string;
      benefits: string[];
    }[];
    assert.equal(console.find((p) => p.id === 'vip-month')?.benefits[0], 'AI 问答每日 300 次，可用高级模型');
  });
});
