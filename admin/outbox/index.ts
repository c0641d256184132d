import { OutboxList, OutboxShow } from './OutboxList';

export default { list: OutboxList, show: OutboxShow };
