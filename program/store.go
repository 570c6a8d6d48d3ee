package program

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/cyqdb/cyq/internal/engine"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/graphprogram"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/value"
)

// Programs stored by earlier versions of cyq live in a dedicated named
// graph of the same store, StoreGraph, one node labelled ProgramLabel per
// program. They are still read (Get and List see them beside the programs
// file, store_file.go), never written: new programs go to the programs file,
// with ids that continue after the old ones.
const (
	StoreGraph   = "_programs"
	ProgramLabel = "_CyqProgram"
)

// UntitledProgram is the name of a program stored without one.
const UntitledProgram = "Untitled program"

// StoredProgram is a program in the store.
type StoredProgram struct {
	ID          int64                 `json:"program_id"`
	Name        string                `json:"name"`
	Description string                `json:"description,omitempty"`
	Author      string                `json:"author,omitempty"`
	Graph       string                `json:"graph"`
	SHA256      string                `json:"sha256"`
	Created     string                `json:"created"`
	Operations  int                   `json:"operations"`
	Program     *graphprogram.Program `json:"program,omitempty"`
}

// legacyStore returns the engine of the old program graph; nil when the
// store has none.
func (rn *Runner) legacyStore() (*engine.Engine, error) {
	if _, err := rn.eng.Store().Graph(StoreGraph); err != nil {
		return nil, nil
	}
	return rn.eng.OnGraph(StoreGraph)
}

// Create validates p and stores it with a new integer id. It works on a
// store open read-only too: the programs file is not graph data. A
// program without a name is stored as UntitledProgram.
func (rn *Runner) Create(ctx context.Context, p *graphprogram.Program) (*StoredProgram, error) {
	if rep := rn.Validate(p); !rep.Valid {
		return nil, &InvalidError{Report: rep, Index: -1}
	}
	md := graphprogram.Metadata{}
	if p.Metadata != nil {
		md = *p.Metadata
	}
	if md.Name == "" {
		md.Name = UntitledProgram
	}
	created := md.Created
	if created == "" {
		created = time.Now().UTC().Format(time.RFC3339)
	}
	legacyMax, err := rn.legacyMaxID(ctx)
	if err != nil {
		return nil, err
	}
	rec := fileRecord{Graph: rn.eng.GraphName(), Name: md.Name, Description: md.Description, Author: md.Author,
		SHA256: p.Hash(), Created: created, Operations: graphprogram.CountOperations(p), Program: string(p.Canonical())}
	err = rn.file().update(ctx, func(recs []fileRecord) ([]fileRecord, error) {
		rec.ID = legacyMax + 1
		for _, r := range recs {
			rec.ID = max(rec.ID, r.ID+1)
		}
		return append(recs, rec), nil
	})
	if err != nil {
		return nil, err
	}
	return &StoredProgram{ID: rec.ID, Name: rec.Name, Description: rec.Description, Author: rec.Author, Graph: rec.Graph,
		SHA256: rec.SHA256, Created: created, Operations: rec.Operations, Program: p}, nil
}

// legacyMaxID returns the highest id in the old program graph (0: none).
func (rn *Runner) legacyMaxID(ctx context.Context) (int64, error) {
	pdb, err := rn.legacyStore()
	if pdb == nil || err != nil {
		return 0, err
	}
	rows, err := pdb.QueryReadOnly(ctx, "MATCH (p:"+ProgramLabel+") RETURN coalesce(max(p.id), 0)", nil)
	if err != nil {
		return 0, err
	}
	all, err := rows.All()
	if err != nil || len(all) == 0 {
		return 0, err
	}
	id, _ := all[0][0].(value.Int)
	return int64(id), nil
}

const programFields = "p.id, p.graph, p.name, p.description, p.author, p.sha256, p.created, p.operations, p.program"

func legacyFromRow(row []value.Value, withProgram bool) (*StoredProgram, error) {
	str := func(v value.Value) string {
		s, _ := v.(value.String)
		return string(s)
	}
	id, _ := row[0].(value.Int)
	ops, _ := row[7].(value.Int)
	sp := &StoredProgram{ID: int64(id), Graph: str(row[1]), Name: str(row[2]), Description: str(row[3]), Author: str(row[4]),
		SHA256: str(row[5]), Created: str(row[6]), Operations: int(ops)}
	return checkStored(sp, str(row[8]), withProgram)
}

// checkStored decodes a stored program's text and checks its hash (a
// program changed outside cyq is refused).
func checkStored(sp *StoredProgram, text string, withProgram bool) (*StoredProgram, error) {
	p, issues := graphprogram.Decode([]byte(text))
	if p == nil || len(issues) > 0 {
		return nil, cyqerr.Runtimef(cyqerr.ProgramError, "Corrupt", "stored program %d cannot be decoded", sp.ID)
	}
	if p.Hash() != sp.SHA256 {
		return nil, cyqerr.Runtimef(cyqerr.ProgramError, "Tampered", "stored program %d does not match its sha256: it was changed outside cyq and must be created again", sp.ID)
	}
	if withProgram {
		sp.Program = p
	}
	return sp, nil
}

// legacyRows returns the rows of the old program graph's programs matching
// where (a Cypher predicate on p), ordered by id.
func (rn *Runner) legacyRows(ctx context.Context, where string, params map[string]any) ([][]value.Value, error) {
	pdb, err := rn.legacyStore()
	if pdb == nil || err != nil {
		return nil, err
	}
	rows, err := pdb.QueryReadOnly(ctx, "MATCH (p:"+ProgramLabel+") WHERE "+where+" RETURN "+programFields+" ORDER BY p.id", params)
	if err != nil {
		return nil, err
	}
	return rows.All()
}

// Get returns the stored program with the given id.
func (rn *Runner) Get(ctx context.Context, id int64) (*StoredProgram, error) {
	recs, err := rn.file().read()
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		if r.ID == id {
			return r.stored(true)
		}
	}
	all, err := rn.legacyRows(ctx, "p.id = $id", map[string]any{"id": id})
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return nil, cyqerr.Compile(cyqerr.EntityNotFound, "ProgramNotFound", "there is no stored program %d", id).WithHint("list the stored programs with the list action")
	}
	return legacyFromRow(all[0], true)
}

// List lists stored programs whose name or description contains search
// (case-insensitive; "" lists all), by id, at most limit.
func (rn *Runner) List(ctx context.Context, search string, limit int) ([]*StoredProgram, error) {
	s := strings.ToLower(search)
	all, err := rn.legacyRows(ctx, "$s = '' OR toLower(p.name) CONTAINS $s OR toLower(p.description) CONTAINS $s", map[string]any{"s": s})
	if err != nil {
		return nil, err
	}
	out := []*StoredProgram{}
	for _, row := range all {
		sp, err := legacyFromRow(row, false)
		if err != nil {
			id, _ := row[0].(value.Int)
			sp = unreadable(int64(id), err)
		}
		out = append(out, sp)
	}
	recs, err := rn.file().read()
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		if s != "" && !strings.Contains(strings.ToLower(r.Name), s) && !strings.Contains(strings.ToLower(r.Description), s) {
			continue
		}
		sp, err := r.stored(false)
		if err != nil {
			sp = unreadable(r.ID, err)
		}
		out = append(out, sp)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// unreadable is the list entry of a tampered or undecodable program: it
// is listed with its error rather than hidden.
func unreadable(id int64, err error) *StoredProgram {
	return &StoredProgram{ID: id, Name: fmt.Sprintf("(unreadable: %v)", cyqerr.As(err).Message)}
}

// Explain lists each statement with its operator and, for Cypher
// operations, the engine's plan; for API operations, the queries the
// endpoint runs. A Cypher statement that reads program parameters shows
// the plan a run with params would use (for an empty working graph), as
// EXPLAIN of a Cypher query with parameters does; params are checked as
// a run checks them.
func (rn *Runner) Explain(p *graphprogram.Program, params map[string]any, opts *Options) (string, error) {
	if rep := rn.Validate(p); !rep.Valid {
		return "", &InvalidError{Report: rep, Index: -1}
	}
	o := opts.withDefaults()
	l, err := rn.lower(p, o)
	if err != nil {
		return "", err
	}
	for _, step := range l.plan.Steps {
		if err := firstError(l, step); err != nil {
			return "", err
		}
	}
	bound, _, err := bindParams(p, graphprogram.ParamRefs(p), params)
	if err != nil {
		return "", err
	}
	r := &run{rn: rn, opts: o, params: bound, w: NewWorkingGraph(), prog: l}
	var plan func(steps []*logical.Step) error
	plan = func(steps []*logical.Step) error {
		for _, s := range steps {
			if q := l.query[s]; q != nil && len(q.params) > 0 {
				c, err := r.compiled(q, l.src[s].Operation)
				if err != nil {
					return err
				}
				s.Plan = c.Plan
			}
			if err := plan(append(append([]*logical.Step{}, s.Then...), s.Else...)); err != nil {
				return err
			}
		}
		return nil
	}
	if err := plan(l.plan.Steps); err != nil {
		return "", err
	}
	return l.plan.Explain(), nil
}

// firstError returns the compile error of a step or of a step below it.
func firstError(l *lowered, s *logical.Step) error {
	if err := l.errs[s]; err != nil {
		return err
	}
	for _, c := range append(append([]*logical.Step{}, s.Then...), s.Else...) {
		if err := firstError(l, c); err != nil {
			return err
		}
	}
	return nil
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:197] + "..."
	}
	return s
}
