/**
 * The local Razorpay stand-in in a process of its own (gateway-bench.ts forks it), so the
 * bench's process counts only the adapter's CPU: sends its base URL to the parent, then serves
 * until killed.
 */
import { startRazorpayStandIn } from '../src/test-support/razorpay-stand-in.ts';

const standIn = await startRazorpayStandIn(process.env.KEY_ID!, process.env.KEY_SECRET!);
process.send!(standIn.baseUrl);
process.on('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
