// Baseline: the fastest a Node server on this machine answers the lookup's JSON, from memory.
import { createServer } from 'node:http';

const body = JSON.stringify({
  passportNumber: 'P1000001',
  caseNumber: 'BENCH-000001',
  status: 'In Progress',
  servicesSubscribed: [
    {
      serviceName: 'Documents Verification',
      currentStep: 'Attestation',
      steps: [
        { name: 'Documents Received', status: 'completed' },
        { name: 'Documents Under Review', status: 'completed' },
        { name: 'Attestation', status: 'active' },
        { name: 'Documents Verified', status: 'pending' },
      ],
      lastUpdated: new Date().toISOString(),
    },
  ],
});

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
