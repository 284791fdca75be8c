import { readJsonFile, repoPath } from "@/bin/load/files";
import { changelogFileSchema, policiesFileSchema } from "@/lib/schemas/pack";
import { requirePageUser } from "../_lib/current-user";

export const dynamic = "force-dynamic";

export default async function PackPage() {
  await requirePageUser();
  const pack = readJsonFile(repoPath("golden", "pack", "policies.json"), policiesFileSchema);
  const changelog = readJsonFile(repoPath("golden", "pack", "changelog.json"), changelogFileSchema);
  return (
    <>
      <h1>Zoomberg policy pack v{pack.pack_version}</h1>
      <table aria-label="Policies">
        <thead>
          <tr><th>id</th><th>family</th><th>title</th><th>text</th><th>since</th></tr>
        </thead>
        <tbody>
          {pack.policies.map((p) => (
            <tr key={p.id} id={p.id}>
              <td>{p.id}</td><td>{p.family}</td><td>{p.title}</td><td>{p.text}</td><td>{p.since}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Changelog</h2>
      {changelog.entries.slice().reverse().map((e) => (
        <div className="card" key={e.version}>
          <strong>v{e.version}</strong> <span className="muted">{e.date}</span>
          <ul>{e.changes.map((c, i) => <li key={i}>{c.policy_id ? <strong>{c.policy_id}: </strong> : null}{c.summary}</li>)}</ul>
        </div>
      ))}
    </>
  );
}
