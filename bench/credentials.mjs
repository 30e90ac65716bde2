#!/usr/bin/env node
// Signing and verifying CPU per credential (issue 26): the site's own proof
// code (app/credentials/proof.server.ts: eddsa-rdfc-2022 with the
// @digitalbazaar family, offline document loader), bundled as the worker
// bundles it and run in Node's V8 (workerd runs V8 too; its clocks are frozen
// while JavaScript runs, so a worker cannot time itself). CPU time is
// process.cpuUsage over many operations, after a warm-up. Asserts nothing.
//
//   node bench/credentials.mjs            # 50 credentials
//   CREDENTIALS=200 node bench/credentials.mjs
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const n = Math.max(10, Number(process.env.CREDENTIALS ?? 50));

export async function measureCredentialCpu(count = n) {
  const dir = mkdtempSync(join(tmpdir(), "bench-credentials-"));
  try {
    const outfile = join(dir, "proof.mjs");
    await build({
      entryPoints: [`${root}app/credentials/proof.server.ts`],
      bundle: true,
      format: "esm",
      platform: "node",
      outfile,
      logLevel: "error",
      // The stand-ins vite.config.ts uses (ADR 016).
      alias: {
        "@digitalbazaar/http-client": `${root}app/credentials/no-http-client.ts`,
        "@digitalbazaar/credentials-context": `${root}app/credentials/credentials-context.ts`,
      },
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    });
    const proof = await import(pathToFileURL(outfile).href);
    const key = await proof.signingKeyFromSeed(
      new Uint8Array(32).fill(9),
      "https://bench.example/credentials/issuer/keys/bench-1",
      "https://bench.example/credentials/issuer",
    );
    const credential = (i) => ({
      "@context": [proof.VC_V2_CONTEXT, proof.OB_CONTEXT],
      id: `https://bench.example/credentials/${i}`,
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      name: "AI Builder",
      description: "Stage 3 certification of the Idaho AI Challenge's learning path.",
      issuer: { id: "https://bench.example/credentials/issuer", type: ["Profile"], name: "Bench Organizer" },
      validFrom: "2026-03-01T00:00:00Z",
      awardedDate: "2026-02-20T00:00:00Z",
      credentialSubject: {
        type: ["AchievementSubject"],
        identifier: [
          {
            type: "IdentityObject",
            identityHash: `sha256$${"ab".repeat(32)}`,
            identityType: "emailAddress",
            hashed: true,
            salt: `${i}`,
          },
        ],
        achievement: {
          id: "https://bench.example/credentials/achievements/2026/ai-builder",
          type: ["Achievement"],
          achievementType: "Certification",
          name: "AI Builder",
          description: "Build AI-powered workflows and tools for your team.",
          criteria: { narrative: "Completed Stage 3 with the training provider." },
          image: { id: "https://bench.example/badges/ai-builder.svg", type: "Image" },
        },
      },
      credentialStatus: {
        id: `https://bench.example/credentials/status/1#${i}`,
        type: "BitstringStatusListEntry",
        statusPurpose: "revocation",
        statusListIndex: String(i),
        statusListCredential: "https://bench.example/credentials/status/1",
      },
    });
    // What a verifier loads by URL: the issuer's controller document and the key (ADR 017).
    const documents = new Map([
      [key.published.controller, proof.controllerDocument({ id: key.published.controller }, [key.published])],
      [key.published.id, proof.multikeyDocument(key.published)],
    ]);
    const now = new Date("2026-04-01T00:00:00Z");
    const signed = [];
    for (let i = 0; i < 5; i++)
      await proof.checkProof(await proof.signCredential(credential(i), key, "2026-03-01T00:00:00Z"), documents, now);
    let start = process.cpuUsage();
    for (let i = 0; i < count; i++) signed.push(await proof.signCredential(credential(i), key, "2026-03-01T00:00:00Z"));
    let used = process.cpuUsage(start);
    const signMs = (used.user + used.system) / 1000 / count;
    start = process.cpuUsage();
    for (const item of signed) {
      const result = await proof.checkProof(item, documents, now);
      if (result.status !== "verified") throw new Error(`bench credential did not verify: ${JSON.stringify(result)}`);
    }
    used = process.cpuUsage(start);
    const verifyMs = (used.user + used.system) / 1000 / count;
    return {
      credentials: count,
      signCpuMsPerCredential: +signMs.toFixed(2),
      verifyCpuMsPerCredential: +verifyMs.toFixed(2),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await measureCredentialCpu();
  console.log(`eddsa-rdfc-2022, ${result.credentials} Open Badges credentials, Node V8 CPU:`);
  console.log(`  signing:   ${result.signCpuMsPerCredential} ms per credential`);
  console.log(`  verifying: ${result.verifyCpuMsPerCredential} ms per credential`);
}
