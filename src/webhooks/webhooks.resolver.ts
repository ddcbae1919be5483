import { Inject } from '@nestjs/common';
import { Args, Context, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AuthError } from '../kernel/auth/auth-errors';
import type { Principal } from '../kernel/auth/policy';
import { TokenService } from '../api/auth/tokens';
import type { GqlContext } from '../kernel/request-context';
import { RegisterWebhookInput, ReplayWebhookInput } from './inputs/webhook.inputs';
import {
  WebhookDeliveryModel,
  WebhookDeliveryStatus,
  WebhookEndpointModel,
  WebhookRegistrationModel,
  WebhookReplayModel,
} from './models/webhook.model';
import { WebhookError } from './webhook-errors';
import type { Delivery, Endpoint } from './outbox';
import { WebhookService } from './webhook.service';

const endpointModel = (e: Endpoint): WebhookEndpointModel => ({
  id: e.id,
  url: e.url,
  kinds: e.kinds,
  createdBy: e.createdBy,
  createdAt: new Date(e.createdAt),
});

const deliveryModel = (d: Delivery): WebhookDeliveryModel => ({
  id: d.id,
  endpointId: d.endpointId,
  kind: d.kind,
  position: d.position.toString(),
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  nextAttemptAt: d.status === 'PENDING' ? new Date(d.nextAttemptAt) : null,
  deliveredAt: d.deliveredAt ? new Date(d.deliveredAt) : null,
});

// Webhooks are an admin's business: the mutations are in MUTATION_POLICY (ADMIN), and the
// queries, unlike the ledger's public reads, need an admin token too (URLs, delivery records).
@Resolver()
export class WebhooksResolver {
  constructor(
    @Inject(WebhookService) private readonly service: WebhookService,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {}

  private admin(ctx: GqlContext): Principal {
    const principal = this.tokens.principalOf(ctx.req);
    if (!principal) throw new AuthError('UNAUTHENTICATED', 'Webhooks need an admin bearer token');
    if (principal.role !== 'ADMIN')
      throw new AuthError('FORBIDDEN', `The ${principal.role} role may not read webhooks`);
    return principal;
  }

  @Mutation(() => WebhookRegistrationModel, {
    description: 'Registers an endpoint for some event types; answers its signing secret once.',
  })
  async registerWebhook(
    @Args('input') input: RegisterWebhookInput,
    @Context() ctx: GqlContext,
  ): Promise<WebhookRegistrationModel> {
    const { endpoint, secret } = await this.service.register(
      input.url,
      input.kinds,
      this.admin(ctx).subject,
    );
    return { endpoint: endpointModel(endpoint), secret };
  }

  @Mutation(() => WebhookEndpointModel, {
    description: 'Stops deliveries to an endpoint (its records stay); answers the endpoint.',
  })
  async removeWebhook(
    @Args('id') id: string,
    @Context() ctx: GqlContext,
  ): Promise<WebhookEndpointModel> {
    this.admin(ctx);
    const endpoint = (await this.service.endpoints()).find((e) => e.id === id);
    if (!endpoint || !(await this.service.remove(id)))
      throw new WebhookError('NOT_FOUND', `No webhook endpoint ${id}`);
    return endpointModel(endpoint);
  }

  @Mutation(() => WebhookReplayModel, {
    description: 'Sends again the events after a ledger position; answers how many were queued.',
  })
  async replayWebhook(
    @Args('input') input: ReplayWebhookInput,
    @Context() ctx: GqlContext,
  ): Promise<WebhookReplayModel> {
    this.admin(ctx);
    const after = input.after ? BigInt(input.after) : undefined;
    const queued = await this.service.replay(input.endpointId, after);
    return { endpointId: input.endpointId, queued };
  }

  @Query(() => [WebhookEndpointModel], { description: 'Registered webhook endpoints (admin).' })
  async webhooks(@Context() ctx: GqlContext): Promise<WebhookEndpointModel[]> {
    this.admin(ctx);
    return (await this.service.endpoints()).map(endpointModel);
  }

  @Query(() => [WebhookDeliveryModel], {
    description: 'Deliveries in ledger order, with their status and tries (admin).',
  })
  webhookDeliveries(
    @Context() ctx: GqlContext,
    @Args('endpointId', { type: () => String, nullable: true }) endpointId?: string,
    @Args('status', { type: () => WebhookDeliveryStatus, nullable: true })
    status?: WebhookDeliveryStatus,
    @Args('first', { type: () => Int, defaultValue: 100 }) first = 100,
  ): WebhookDeliveryModel[] {
    this.admin(ctx);
    const limit = Math.min(Math.max(first, 1), 500);
    return this.service.deliveries({ endpointId, status }, limit).map(deliveryModel);
  }
}
