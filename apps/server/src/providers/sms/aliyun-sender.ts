import type { SmsConfig } from '../../config.ts';
import { splitEndpoint } from './endpoint.ts';
import { isAboutTheNumber, SmsSendError, type SmsSender } from './sms-sender.ts';

type AliyunConfig = Extract<SmsConfig, { provider: 'aliyun' }>;

/** Chinese reasons for the gateway's commonest refusals; anything else shows the gateway's own text. */
const REFUSALS: Record<string, string> = {
  'isv.BUSINESS_LIMIT_CONTROL': '该手机号接收短信过于频繁',
  'isv.MOBILE_NUMBER_ILLEGAL': '手机号格式不被短信服务接受',
  'isv.AMOUNT_NOT_ENOUGH': '短信服务账户余额不足',
  'isv.SMS_SIGNATURE_ILLEGAL': '短信签名未通过审核',
  'isv.SMS_TEMPLATE_ILLEGAL': '短信模板未通过审核',
};

/**
 * 阿里云短信 through the official SDK (`@alicloud/dysmsapi20170525`). The template takes one
 * variable, `code`. The SDK is loaded on first use, so the console gateway never pays for it.
 */
export function createAliyunSender(config: AliyunConfig): SmsSender {
  let client: Promise<{
    send: (phone: string, code: string) => Promise<{ code?: string; message?: string }>;
  }> | null = null;

  async function open() {
    const [sdkModule, { $OpenApiUtil }] = await Promise.all([
      import('@alicloud/dysmsapi20170525'),
      import('@alicloud/openapi-core'),
    ]);
    // A CommonJS module: its client is `exports.default`, which ESM sees one level down.
    const { SendSmsRequest } = sdkModule;
    const Dysmsapi = sdkModule.default.default;
    const { protocol, host } = splitEndpoint(config.endpoint);
    const sdk = new Dysmsapi(
      new $OpenApiUtil.Config({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        endpoint: host,
        protocol,
        readTimeout: 10_000,
        connectTimeout: 5_000,
      }),
    );
    return {
      async send(phone: string, code: string) {
        const response = await sdk.sendSms(
          new SendSmsRequest({
            phoneNumbers: phone,
            signName: config.signName,
            templateCode: config.templateCode,
            templateParam: JSON.stringify({ code }),
          }),
        );
        return { code: response.body?.code, message: response.body?.message };
      },
    };
  }

  return {
    name: 'aliyun',
    async send({ phone, code }) {
      client ??= open();
      let result: { code?: string; message?: string };
      try {
        result = await (await client).send(phone, code);
      } catch (error) {
        throw new SmsSendError('阿里云短信服务暂时无法连接', { cause: error });
      }
      if (result.code !== 'OK') {
        const known = result.code ? REFUSALS[result.code] : undefined;
        const reason = known ?? `阿里云短信拒绝发送（${result.code ?? '未知'}：${result.message ?? ''}）`;
        throw new SmsSendError(reason, { aboutTheNumber: known !== undefined && isAboutTheNumber(known) });
      }
    },
  };
}
