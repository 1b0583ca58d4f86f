package store

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// historyRow is an earlier judging of a submission, kept when a rejudge
// wrote a new one.
type historyRow struct {
	ID           int64          `gorm:"primaryKey"`
	SubmissionID int64          `gorm:"not null;index"`
	Submission   *submissionRow `gorm:"constraint:OnDelete:CASCADE"`
	Verdict      string         `gorm:"size:16;not null"`
	Score        float64        `gorm:"not null"`
	JudgedAt     *time.Time
	Reason       string    `gorm:"not null"`
	ReasonID     string    `gorm:"size:64;not null;default:''"`
	ReasonArgs   string    `gorm:"not null;default:''"`
	RejudgedAt   time.Time `gorm:"not null"`
	NewVerdict   string    `gorm:"size:16;not null"`
	NewScore     float64   `gorm:"not null"`
}

func (historyRow) TableName() string { return "submission_history" }

func (r historyRow) domain() judge.Judging {
	return judge.Judging{
		Verdict: judge.Verdict(r.Verdict), Score: r.Score, JudgedAt: r.JudgedAt, Reason: r.Reason, ReasonID: r.ReasonID, ReasonArgs: r.ReasonArgs,
		RejudgedAt: r.RejudgedAt, NewVerdict: judge.Verdict(r.NewVerdict), NewScore: r.NewScore,
	}
}

// formatPerCase marks a submission whose payload holds per-case outputs.
const formatPerCase = "per_case"

// outputJSON is one per-case output as stored in the payload.
type outputJSON struct {
	Case   int64  `json:"case"`
	Name   string `json:"name"`
	Output string `json:"output"`
}

// encodePayload returns the payload column and format of a submission.
func encodePayload(s judge.Submission) (string, string, error) {
	if s.Outputs == nil {
		return s.Payload, "", nil
	}
	out := make([]outputJSON, len(s.Outputs))
	for i, o := range s.Outputs {
		out[i] = outputJSON{Case: o.CaseID, Name: o.Name, Output: o.Output}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "", "", fail(err, "submission")
	}
	return string(b), formatPerCase, nil
}

// decodeOutputs reads per-case outputs back; never nil, so that a damaged
// payload is judged as "no output" for each case rather than as a whole
// output.
func decodeOutputs(payload string) []judge.CaseOutput {
	var in []outputJSON
	_ = json.Unmarshal([]byte(payload), &in)
	out := make([]judge.CaseOutput, 0, len(in))
	for _, o := range in {
		out = append(out, judge.CaseOutput{CaseID: o.Case, Name: o.Name, Output: o.Output})
	}
	return out
}

// encodeIDs writes case ids as "12,13,14": one column that SQLite and
// PostgreSQL read alike; the ids are only ever read with their submission.
func encodeIDs(ids []int64) string {
	var sb strings.Builder
	for i, id := range ids {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.FormatInt(id, 10))
	}
	return sb.String()
}

func decodeIDs(s string) []int64 {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	out := make([]int64, 0, len(parts))
	for _, p := range parts {
		if id, err := strconv.ParseInt(p, 10, 64); err == nil {
			out = append(out, id)
		}
	}
	return out
}

// bindLegacyAnswers binds the answers stored before answers recorded their
// cases to the problem's current cases, the set they were last judged
// against (every change of a case set rejudged them all then), so that a
// board added later leaves them alone too. It writes only when there are
// such answers: once, at the first start after the upgrade.
func (d *DB) bindLegacyAnswers() error {
	var problems []int64
	err := d.db.Model(&submissionRow{}).Distinct("problem_id").
		Where("kind = ? AND case_ids = '' AND problem_id IS NOT NULL", string(judge.KindAnswer)).Pluck("problem_id", &problems).Error
	if err != nil || len(problems) == 0 {
		return err
	}
	return d.db.Transaction(func(tx *gorm.DB) error {
		for _, id := range problems {
			var rows []caseRow
			if err := tx.Where("problem_id = ?", id).Order("position, id").Find(&rows).Error; err != nil {
				return err
			}
			cases := casesOf(rows)
			ids := make([]int64, len(cases))
			for i, c := range cases {
				ids[i] = c.ID
			}
			err := tx.Model(&submissionRow{}).Where("problem_id = ? AND kind = ? AND case_ids = ''", id, string(judge.KindAnswer)).
				Updates(map[string]any{"case_ids": encodeIDs(ids), "input_version": judge.InputVersion(cases)}).Error
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// CasesForJudging returns every case of a problem, deleted ones included.
func (d *DB) CasesForJudging(ctx context.Context, problemID int64) ([]judge.Case, error) {
	var rows []caseRow
	if err := d.db.WithContext(ctx).Unscoped().Where("problem_id = ?", problemID).Order("position, id").Find(&rows).Error; err != nil {
		return nil, fail(err, "cases")
	}
	return casesOf(rows), nil
}

// RequeueFor puts the answer and move submissions r selects back to pending
// with its reason; their verdicts and results stay until new ones are
// written.
func (d *DB) RequeueFor(ctx context.Context, r judge.Requeue) (int, error) {
	res := requeueFor(d.db.WithContext(ctx), r)
	return int(res.RowsAffected), d.fail(res.Error, "submissions")
}

func requeueFor(tx *gorm.DB, r judge.Requeue) *gorm.DB {
	kinds := []string{string(judge.KindAnswer), string(judge.KindProgram), string(judge.KindMoves)}
	if r.AnswersOnly {
		kinds = kinds[:2]
	}
	q := tx.Model(&submissionRow{}).Where("problem_id = ? AND kind IN ?", r.ProblemID, kinds)
	switch {
	case r.CaseID != 0:
		q = q.Where("id IN (SELECT submission_id FROM case_results WHERE case_id = ?)", r.CaseID)
	case r.OnlyErrors:
		q = q.Where(`id IN (SELECT cr.submission_id FROM case_results cr JOIN cases c ON c.id = cr.case_id
WHERE c.problem_id = ? AND c.status = ? AND c.deleted_at IS NULL AND cr.verdict = ?)`,
			r.ProblemID, string(judge.CaseReady), string(judge.JudgeError))
	}
	return q.Updates(map[string]any{
		"status":         string(judge.StatusPending),
		"rejudge_reason": r.Reason, "rejudge_reason_id": r.ReasonID, "rejudge_reason_args": r.ReasonArgs,
		// A rejudge waits behind new submissions (see submissionRow).
		"priority": gorm.Expr("CASE WHEN judged_at IS NULL THEN priority ELSE ? END", rejudgePriority),
	})
}

// History returns the earlier judgings of a submission, oldest first.
func (d *DB) History(ctx context.Context, submissionID int64) ([]judge.Judging, error) {
	var rows []historyRow
	if err := d.db.WithContext(ctx).Where("submission_id = ?", submissionID).Order("id").Find(&rows).Error; err != nil {
		return nil, fail(err, "history")
	}
	return fromRows[judge.Judging](rows), nil
}

// MarkSeen clears the Changed flag of a submission.
func (d *DB) MarkSeen(ctx context.Context, submissionID int64) error {
	return d.fail(d.db.WithContext(ctx).Model(&submissionRow{}).Where("id = ? AND changed", submissionID).
		Update("changed", false).Error, "submission")
}

// previous is a submission's judging before Finish overwrites it.
type previous struct {
	Verdict       string
	Score         float64
	JudgedAt      *time.Time
	RejudgeReason string
	// RejudgeReasonID and RejudgeReasonArgs are the reason as a message.
	RejudgeReasonID, RejudgeReasonArgs string
}

// judgedBefore reads the verdicts that a batch is about to replace: those of
// the rejudged submissions. A batch of first judgings costs no query.
func judgedBefore(tx *gorm.DB, judged []judge.Judged) (map[int64]previous, error) {
	out := map[int64]previous{}
	var ids []int64
	for _, j := range judged {
		if j.Rejudge {
			ids = append(ids, j.ID)
		}
	}
	for start := 0; start < len(ids); start += resultsChunk {
		var rows []struct {
			ID                                 int64
			Verdict                            string
			Score                              float64
			JudgedAt                           *time.Time
			RejudgeReason                      string
			RejudgeReasonID, RejudgeReasonArgs string
		}
		err := tx.Model(&submissionRow{}).Select("id, verdict, score, judged_at, rejudge_reason, rejudge_reason_id, rejudge_reason_args").
			Where("id IN ? AND verdict <> ''", ids[start:min(start+resultsChunk, len(ids))]).Scan(&rows).Error
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.ID] = previous{Verdict: r.Verdict, Score: r.Score, JudgedAt: r.JudgedAt, RejudgeReason: r.RejudgeReason,
				RejudgeReasonID: r.RejudgeReasonID, RejudgeReasonArgs: r.RejudgeReasonArgs}
		}
	}
	return out, nil
}

// keepJudgings stores, for each written judgement that replaced an earlier
// one, the earlier one as history, and marks the submissions whose verdict
// or score changed for their owner to see.
func keepJudgings(tx *gorm.DB, before map[int64]previous, written []judge.Judged) error {
	var rows []historyRow
	var changed []int64
	for _, j := range written {
		p, ok := before[j.ID]
		if !ok {
			continue
		}
		h := historyRow{
			SubmissionID: j.ID, Verdict: p.Verdict, Score: p.Score, JudgedAt: p.JudgedAt, Reason: p.RejudgeReason, ReasonID: p.RejudgeReasonID, ReasonArgs: p.RejudgeReasonArgs,
			RejudgedAt: j.JudgedAt.UTC(), NewVerdict: string(j.Verdict), NewScore: j.Score,
		}
		rows = append(rows, h)
		if h.domain().Changed() {
			changed = append(changed, j.ID)
		}
	}
	if len(rows) > 0 {
		if err := tx.CreateInBatches(&rows, resultsChunk).Error; err != nil {
			return err
		}
	}
	for start := 0; start < len(changed); start += resultsChunk {
		err := tx.Model(&submissionRow{}).Where("id IN ?", changed[start:min(start+resultsChunk, len(changed))]).
			Update("changed", true).Error
		if err != nil {
			return err
		}
	}
	return nil
}

// UserBests returns the judged answers (and programs, which count as
// answers do: every board at once) of a user and the best of the user's
// case results per problem, current case and kind (problemID 0: every
// problem). A program's case results count there too: its boards are no
// longer untried once it ran on them.
func (d *DB) UserBests(ctx context.Context, userID, problemID int64) (judge.UserResults, error) {
	var out judge.UserResults
	answers := d.db.WithContext(ctx).Model(&submissionRow{}).Select("problem_id, id AS submission_id, verdict, score").
		Where("user_id = ? AND kind IN ? AND verdict <> ''", userID, []string{string(judge.KindAnswer), string(judge.KindProgram)})
	if problemID != 0 {
		answers = answers.Where("problem_id = ?", problemID)
	}
	if err := answers.Scan(&out.Answers).Error; err != nil {
		return out, fail(err, "submissions")
	}
	boards := d.db.WithContext(ctx).Table("case_results AS cr").
		Select("s.problem_id AS problem_id, cr.case_id AS case_id, s.kind AS kind, MAX(cr.score) AS best, MAX(s.id) AS last").
		Joins("JOIN submissions s ON s.id = cr.submission_id").
		Joins("JOIN cases c ON c.id = cr.case_id AND c.problem_id = s.problem_id AND c.deleted_at IS NULL").
		Where("s.user_id = ? AND s.kind IN ? AND s.verdict <> '' AND cr.verdict <> ?",
			userID, []string{string(judge.KindAnswer), string(judge.KindMoves), string(judge.KindProgram)}, string(judge.JudgeError)).
		Group("s.problem_id, cr.case_id, s.kind")
	if problemID != 0 {
		boards = boards.Where("s.problem_id = ?", problemID)
	}
	if err := boards.Scan(&out.Boards).Error; err != nil {
		return out, fail(err, "results")
	}
	for i := range out.Boards {
		out.Boards[i].Best *= 100 // case scores are stored as fractions (caseResultRow)
	}
	return out, nil
}
