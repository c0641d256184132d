/**
 * The repair view of a tenant whose stored files are invalid (edited by hand): each problem
 * located in its file with the lines around it, that visitors keep the last valid version
 * meanwhile, and the History with Restore, which puts a valid version back. Shown by TenantGate
 * in place of every screen of that tenant.
 */
import { Alert, AlertTitle, Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { TENANT_PARTS } from '../../schema/rules';
import { HistoryList } from './HistoryList';

export interface StoredProblem {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
  excerpt?: Array<{ line: number; text: string }>;
}

/** One problem: where, why, and the file's lines around it, the offending one marked. */
function ProblemLines({ problem }: { problem: StoredProblem }) {
  // Problems name the tenant part ("site"); the admin knows the file.
  const file = (TENANT_PARTS as readonly string[]).includes(problem.file) ? `${problem.file}.json` : problem.file;
  return (
    <Box component="li" sx={{ mb: 2 }}>
      <Typography
        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
      >{`${file}:${problem.line}:${problem.column} ${problem.pointer || '(whole file)'}`}</Typography>
      <Typography>{problem.message}</Typography>
      {problem.excerpt && (
        <Box
          component="pre"
          aria-label={`${file} around line ${problem.line}`}
          sx={{ m: 0, mt: 0.5, p: 1, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', fontSize: 13 }}
        >
          {problem.excerpt.map((line) => (
            <Box
              component="span"
              key={line.line}
              sx={{
                display: 'block',
                fontWeight: line.line === problem.line ? 700 : 400,
                bgcolor: line.line === problem.line ? 'warning.light' : 'transparent',
              }}
            >
              {`${line.line === problem.line ? '>' : ' '} ${String(line.line).padStart(4)} | ${line.text}`}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

export function RepairView({ tenantId, problems }: { tenantId: string; problems: StoredProblem[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title={translate('backlot.gate.repairTitle', { tenant: tenantId })} />
      <Alert severity="error" sx={{ mb: 2 }}>
        <AlertTitle>
          {translate('backlot.gate.brokenTitle', { tenant: tenantId, smart_count: problems.length })}
        </AlertTitle>
        {translate('backlot.gate.brokenHelp')}
      </Alert>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('backlot.gate.problems')}
          </Typography>
          <Box component="ul" sx={{ pl: 0, listStyle: 'none', m: 0 }}>
            {problems.map((problem, index) => (
              <ProblemLines key={`${problem.file}-${problem.pointer}-${index}`} problem={problem} />
            ))}
          </Box>
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('backlot.gate.restoreHeading')}
      </Typography>
      <HistoryList storedIsInvalid />
    </Box>
  );
}
