package store

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
)

// A partsRow is a row that reads with parts kept in other tables (an
// assignment's problems, a contest's problems and participants): its id,
// and the domain value its own columns make.
type partsRow[T any] interface {
	key() int64
	domain() T
}

// takeWithParts reads the row id of R and completes its domain value
// with parts; what names it in a not-found error.
func takeWithParts[R partsRow[T], T any](ctx context.Context, d *DB, id int64, what string, parts func(context.Context, []R) ([]T, error)) (T, error) {
	var row R
	var none T
	if err := d.db.WithContext(ctx).Take(&row, id).Error; err != nil {
		return none, d.fail(err, what)
	}
	all, err := parts(ctx, []R{row})
	if err != nil {
		return none, err
	}
	return all[0], nil
}

// findWithParts reads every row of R in order and completes them with
// parts.
func findWithParts[R partsRow[T], T any](ctx context.Context, d *DB, order, what string, parts func(context.Context, []R) ([]T, error)) ([]T, error) {
	var rows []R
	if err := d.db.WithContext(ctx).Order(order).Find(&rows).Error; err != nil {
		return nil, d.fail(err, what)
	}
	return parts(ctx, rows)
}

// byID reads the row R of id and returns its domain value; what names the
// thing in the error of a missing row.
func byID[R interface{ domain() T }, T any](ctx context.Context, d *DB, id int64, what string) (T, error) {
	var row R
	if err := d.db.WithContext(ctx).Take(&row, id).Error; err != nil {
		var none T
		return none, d.fail(err, what)
	}
	return row.domain(), nil
}

// fromRows returns the domain values of rows, in order.
func fromRows[T any, R interface{ domain() T }](rows []R) []T {
	out := make([]T, len(rows))
	for i, r := range rows {
		out[i] = r.domain()
	}
	return out
}

// domains returns the domain values of rows, their ids in order, and the
// index of each id, for the queries of their parts.
func domains[R partsRow[T], T any](rows []R) (out []T, ids []int64, at map[int64]int) {
	out = make([]T, len(rows))
	ids = make([]int64, len(rows))
	at = make(map[int64]int, len(rows))
	for i, r := range rows {
		out[i], ids[i], at[r.key()] = r.domain(), r.key(), i
	}
	return out, ids, at
}

// listedProblem is a problem of a list (an assignment's, a contest's) with
// what the list shows of the problem, and the list's own column of it:
// Weight for an assignment, Label for a contest.
type listedProblem struct {
	ListID    int64 `gorm:"column:list_id"`
	ProblemID int64
	Weight    float64
	Label     string
	Slug      string
	Title     string
	TitleZH   string `gorm:"column:title_zh"`
	Draft     bool
	Archived  bool
}

// withListed returns the domain values of rows (assignments, contests)
// with their problems, read in one query by listedProblems from table,
// list and own; add appends a problem to its list's value.
func withListed[R partsRow[T], T any](ctx context.Context, d *DB, rows []R, table, list, own string, add func(*T, listedProblem)) ([]T, error) {
	out, ids, at := domains(rows)
	if len(rows) == 0 {
		return out, nil
	}
	ps, err := d.listedProblems(ctx, table, list, own, ids)
	if err != nil {
		return nil, d.fail(err, strings.ReplaceAll(table, "_", " "))
	}
	for _, p := range ps {
		add(&out[at[p.ListID]], p)
	}
	return out, nil
}

// listedProblems reads the problems of the lists ids, whose rows are in
// table (assignment_problems, contest_problems) under the column list,
// with the column own of each (weight, label): by list, then in the list's
// order, in one query.
func (d *DB) listedProblems(ctx context.Context, table, list, own string, ids []int64) ([]listedProblem, error) {
	var ps []listedProblem
	err := d.db.WithContext(ctx).Table(table).
		Select(fmt.Sprintf("%[1]s.%[2]s AS list_id, %[1]s.problem_id, %[1]s.%[3]s, problems.slug, problems.title, problems.title_zh, problems.draft, problems.archived",
			table, list, own)).
		Joins("JOIN problems ON problems.id = "+table+".problem_id").
		Where(table+"."+list+" IN ?", ids).
		Order(table + "." + list + ", " + table + ".position").Scan(&ps).Error
	return ps, err
}

// childBatch is how many rows one INSERT of replaceChildren carries: far
// from PostgreSQL's 65535 parameters for any table (a similarity pair has
// 17 columns), and a statement of a moderate size when the rows carry
// texts (a case's input, a program's source).
const childBatch = 100

// replaceChildren makes rows the rows of R whose column parent is id (an
// assignment's problems, a problem's cases), in the caller's transaction:
// the rows stored before are deleted, and rows inserted, childBatch at a
// time, each given its id.
func replaceChildren[R any](tx *gorm.DB, parent string, id int64, rows []R) error {
	if err := tx.Where(parent+" = ?", id).Delete(new(R)).Error; err != nil {
		return err
	}
	if len(rows) == 0 {
		return nil
	}
	return tx.CreateInBatches(rows, childBatch).Error
}

// createWithParts inserts row and then its parts (parts, given the new
// id) in one transaction, and reads the whole back with read; what names
// it in an error (an assignment, a contest).
func createWithParts[R partsRow[T], T any](ctx context.Context, d *DB, row R, what string,
	parts func(tx *gorm.DB, id int64) error, read func(context.Context, int64) (T, error)) (T, error) {
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return parts(tx, row.key())
	})
	if err != nil {
		var none T
		return none, d.fail(err, what)
	}
	return read(ctx, row.key())
}

// updateWithParts sets the columns cols (and updated_at) of model, the row
// id, then rewrites its parts, in one transaction, and reads the whole
// back with read; no such row is a not-found error naming what.
func updateWithParts[T any](ctx context.Context, d *DB, model any, id int64, what string, cols map[string]any,
	parts func(tx *gorm.DB) error, read func(context.Context, int64) (T, error)) (T, error) {
	cols["updated_at"] = time.Now().UTC()
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(model).Select(slices.Sorted(maps.Keys(cols))).Updates(cols)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return gorm.ErrRecordNotFound
		}
		return parts(tx)
	})
	if err != nil {
		var none T
		return none, d.fail(err, what)
	}
	return read(ctx, id)
}
