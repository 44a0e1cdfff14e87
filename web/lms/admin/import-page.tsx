import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link, useNavigate, useSearchParams } from '../../lib/routing.js';
import { professions } from '../../../contracts/lms-constants.js';
import review from '../exam-review.module.css';
import { AdminLayout } from './admin-layout.js';
import { QuestionImport } from './question-import.js';

/**
 * Importing a file into the bank, on a page of its own (reached by "Import" above the bank's table):
 * its preview of every row needs the width a form above the table did not have. An import done
 * leads back to the bank, showing the profession imported.
 */
export default function QuestionImportPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get('profession') ?? '';
  const profession = (professions as readonly string[]).includes(asked) ? asked : '';
  return (
    <AdminLayout title="Import questions">
      <p>
        <Link to={`/lms-system/admin${profession ? `?profession=${profession}` : ''}`} className={review.iconText}>
          <ArrowLeft size={16} aria-hidden="true" /> Back to the question bank
        </Link>
      </p>
      <QuestionImport
        profession={profession}
        onImported={(imported) => void navigate(`/lms-system/admin${imported ? `?profession=${imported}` : ''}`)}
      />
    </AdminLayout>
  );
}
