/** Small HTML forms of the demo's human-interface templates and front-desk form. */
export const CLAIM_REVIEW_HTML = `<form id="claim-review" class="hi-form">
  <h2>Claim review</h2>
  <label>Policy number <input name="policyNumber" required></label>
  <label>Claimed amount <input name="amount" type="number" min="0" step="0.01"></label>
  <label>Decision
    <select name="decision">
      <option value="approve">Approve</option>
      <option value="visit">Send to field visit</option>
      <option value="reject">Reject</option>
    </select>
  </label>
  <label>Notes <textarea name="notes" rows="3"></textarea></label>
  <div class="actions">
    <button type="button" name="save">Save</button>
    <button type="submit" name="submit">Submit</button>
  </div>
</form>`;

export const INSPECTION_HTML = `<form id="inspection-report" class="hi-form">
  <h2>Field inspection</h2>
  <label>Visit date <input name="visitDate" type="date" required></label>
  <label>Damage estimate <input name="estimate" type="number" min="0" step="0.01"></label>
  <label>Photos taken <input name="photos" type="checkbox"></label>
  <label>Findings <textarea name="findings" rows="4"></textarea></label>
  <div class="actions">
    <button type="button" name="save">Save</button>
    <button type="submit" name="submit">Submit</button>
  </div>
</form>`;

export const VERIFY_HTML = `<form id="document-verification" class="hi-form">
  <h2>Document verification</h2>
  <label>Customer name <input name="customerName" required></label>
  <label>ID document checked <input name="idChecked" type="checkbox"></label>
  <label>Proof of address checked <input name="addressChecked" type="checkbox"></label>
  <label>Comments <textarea name="comments" rows="3"></textarea></label>
  <div class="actions">
    <button type="button" name="save">Save</button>
    <button type="submit" name="submit">Submit</button>
  </div>
</form>`;

export const FRONTDESK_HTML = `<form id="claims-intake" class="fd-form">
  <h2>Register a claim</h2>
  <label>Your name <input name="customerName" required></label>
  <label>E-mail <input name="email" type="email" required></label>
  <label>Policy number <input name="policyNumber" required></label>
  <label>What happened? <textarea name="description" rows="4"></textarea></label>
  <button type="submit">Send</button>
</form>`;
