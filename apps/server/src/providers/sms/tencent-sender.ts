import type { SmsConfig } from '../../config.ts';
import { splitEndpoint } from './endpoint.ts';
import { isAboutTheNumber, SmsSendError, type SmsSender } from './sms-sender.ts';

type TencentConfig = Extract<SmsConfig, { provider: 'tencent' }>;

const REFUSALS: Record<string, string> = {
  'LimitExceeded.PhoneNumberDailyLimit': '该手机号今日接收短信已达上限',
  'LimitExceeded.PhoneNumberThirtySecondLimit': '该手机号接收短信过于频繁',
  'InvalidParameterValue.IncorrectPhoneNumber': '手机号格式不被短信服务接受',
  'FailedOperation.InsufficientBalanceInSmsPackage': '短信套餐包余量不足',
  'FailedOperation.SignatureIncorrectOrUnapproved': '短信签名未通过审核',
  'FailedOperation.TemplateIncorrectOrUnapproved': '短信模板未通过审核',
};

interface SendStatus {
  Code?: string;
  Message?: string;
}

/**
 * 腾讯云短信 through the official SDK (`tencentcloud-sdk-nodejs-sms`, API 2021-01-11). The template
 * takes two variables: the code and its validity in minutes.
 */
export function createTencentSender(config: TencentConfig): SmsSender {
  let client: Promise<{ send: (phone: string, params: string[]) => Promise<SendStatus> }> | null = null;

  async function open() {
    const { sms } = await import('tencentcloud-sdk-nodejs-sms');
    const { protocol, host } = splitEndpoint(config.endpoint);
    const sdk = new sms.v20210111.Client({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: { httpProfile: { endpoint: host, protocol: `${protocol}://`, reqTimeout: 10 } },
    });
    return {
      async send(phone: string, params: string[]) {
        const response = await sdk.SendSms({
          PhoneNumberSet: [`+86${phone}`],
          SmsSdkAppId: config.sdkAppId,
          SignName: config.signName,
          TemplateId: config.templateId,
          TemplateParamSet: params,
        });
        return response.SendStatusSet?.[0] ?? {};
      },
    };
  }

  return {
    name: 'tencent',
    async send({ phone, code, validMinutes }) {
      client ??= open();
      let status: SendStatus;
      try {
        status = await (await client).send(phone, [code, String(validMinutes)]);
      } catch (error) {
        // The SDK throws TencentCloudSDKHttpException with `code` for API errors (auth, parameters).
        const apiCode = (error as { code?: string }).code;
        const known = apiCode ? REFUSALS[apiCode] : undefined;
        throw new SmsSendError(known ?? '腾讯云短信服务暂时无法连接或拒绝了请求', {
          cause: error,
          aboutTheNumber: known !== undefined && isAboutTheNumber(known),
        });
      }
      if (status.Code !== 'Ok') {
        const known = status.Code ? REFUSALS[status.Code] : undefined;
        const reason = known ?? `腾讯云短信拒绝发送（${status.Code ?? '未知'}：${status.Message ?? ''}）`;
        throw new SmsSendError(reason, { aboutTheNumber: known !== undefined && isAboutTheNumber(known) });
      }
    },
  };
}
