"use client";
import { useActionState } from "react";
import { DETECTOR_CODES } from "@/lib/pack/vocab";
import { addProbeAction } from "./actions";

export function AddProbeForm() {
  const [state, action, pending] = useActionState(addProbeAction, null);
  return (
    <form action={action} className="card form-grid" aria-label="Add a probe">
      <label>
        Detector{" "}
        <select name="detector" defaultValue="H5">
          {DETECTOR_CODES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label>
        Id <input name="id" placeholder="next free, e.g. h5-060" />
      </label>
      <label className="wide">
        Reply <textarea name="reply" rows={3} required />
      </label>
      <label className="wide">
        Customer message <textarea name="customer_message" rows={2} />
      </label>
      <label>
        Allowed timeline claims <input name="allowed_timeline_claims" placeholder="comma-separated, e.g. 5 business days" />
      </label>
      <label className="inline">
        <input type="checkbox" name="may_disclose_account_details" /> May disclose account details (verified)
      </label>
      <fieldset className="inline-group">
        <legend>Label</legend>
        <label className="inline">
          <input type="radio" name="label" value="violation" required /> violation
        </label>
        <label className="inline">
          <input type="radio" name="label" value="clean" /> clean
        </label>
      </fieldset>
      <label>
        Pair id <input name="pair_id" placeholder="for an H5 matched pair" />
      </label>
      <label className="wide">
        Note <input name="note" placeholder="why this label (the rule it tests)" />
      </label>
      <div>
        <button type="submit" disabled={pending}>
          Add probe
        </button>{" "}
        {state?.error && (
          <span role="alert" className="bad">
            {state.error}
          </span>
        )}
        {state?.data && <span role="status">Added probe {state.data.id}.</span>}
      </div>
    </form>
  );
}
