import { maskPhone } from '../../domain';
import { useSession } from '../common/useSession';

/**
 * A customer's phone as this role may see it. The API sends it only when the numbers are
 * asked for and already masks it for owners; masking here too keeps a stray full number off
 * an owner's screen.
 */
export const CustomerPhone = ({ phone }: { phone: string | null }) => {
  const { can } = useSession();
  if (!phone) return null;
  if (!can('customerPhone', 'show')) return <span data-testid="customer-phone">{maskPhone(phone)}</span>;
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} data-testid="customer-phone">
      {phone}
    </a>
  );
};
