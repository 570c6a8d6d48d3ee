package program

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cyqdb/cyq/internal/engine"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/graphprogram"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// Programs are stored in a dedicated named graph of the same store,
// StoreGraph, one node labelled ProgramLabel per program, so that they
// never show up in queries against the data graphs. A program node holds
// its integer id, the graph it was created for, its name, description and
// author, its canonical JSON text and that text's sha256. Reading a program
// back re-decodes the text, checks the hash (a program changed outside cyq
// is refused) and the caller re-validates it before running.
const (
	StoreGraph   = "_programs"
	ProgramLabel = "_CyqProgram"
)

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

// programStore returns the engine of the program graph, creating the graph when
// create is set and the store is writable; nil when it does not exist.
func (rn *Runner) programStore(create bool) (*engine.Engine, error) {
	if _, err := rn.eng.Store().Graph(StoreGraph); err != nil {
		if !create {
			return nil, nil // no program has been stored yet
		}
		if rn.eng.ReadOnly() {
			return nil, cyqerr.Compile(cyqerr.AccessDenied, "ReadOnly", "the store is open read-only, so programs cannot be stored").
				WithHint("run the program inline with execute, or start the server with --allow-writes")
		}
		if _, err := rn.eng.Store().CreateGraph(StoreGraph); err != nil && !errors.Is(err, storage.ErrExists) {
			return nil, engine.StorageError(err)
		}
	}
	return rn.eng.OnGraph(StoreGraph)
}

// CreateProgram validates p and stores it with a new integer id.
func (rn *Runner) Create(ctx context.Context, p *graphprogram.Program) (*StoredProgram, error) {
	if rep := rn.Validate(p); !rep.Valid {
		return nil, &InvalidError{Report: rep, Index: -1}
	}
	if rn.eng.ReadOnly() {
		return nil, cyqerr.Compile(cyqerr.AccessDenied, "ReadOnly", "the store is open read-only, so programs cannot be stored").
			WithHint("run the program inline with execute, or start the server with --allow-writes")
	}
	pdb, err := rn.programStore(true)
	if err != nil {
		return nil, err
	}
	md := p.Metadata
	if md == nil {
		md = &graphprogram.Metadata{}
	}
	created := md.Created
	if created == "" {
		created = time.Now().UTC().Format(time.RFC3339)
	}
	text := string(p.Canonical())
	params := map[string]any{
		"graph": rn.eng.GraphName(), "name": md.Name, "description": md.Description, "author": md.Author,
		"text": text, "sha": p.Hash(), "created": created, "ops": int64(graphprogram.CountOperations(p)),
	}
	// One write transaction allocates the id and creates the node.
	q := "OPTIONAL MATCH (o:" + ProgramLabel + ") WITH coalesce(max(o.id), 0) + 1 AS id " +
		"CREATE (p:" + ProgramLabel + " {id: id, graph: $graph, name: $name, description: $description, author: $author, " +
		"program: $text, sha256: $sha, created: $created, operations: $ops}) RETURN id"
	rows, err := pdb.Query(ctx, q, params)
	if err != nil {
		return nil, err
	}
	all, err := rows.All()
	if err != nil {
		return nil, err
	}
	if len(all) != 1 {
		return nil, cyqerr.Runtimef(cyqerr.Internal, "ProgramStore", "storing the program returned %d rows", len(all))
	}
	id, _ := all[0][0].(value.Int)
	return &StoredProgram{ID: int64(id), Name: md.Name, Description: md.Description, Author: md.Author, Graph: rn.eng.GraphName(),
		SHA256: p.Hash(), Created: created, Operations: graphprogram.CountOperations(p), Program: p}, nil
}

const programFields = "p.id, p.graph, p.name, p.description, p.author, p.sha256, p.created, p.operations, p.program"

func storedFromRow(row []value.Value, withProgram bool) (*StoredProgram, error) {
	str := func(v value.Value) string {
		s, _ := v.(value.String)
		return string(s)
	}
	id, _ := row[0].(value.Int)
	ops, _ := row[7].(value.Int)
	sp := &StoredProgram{ID: int64(id), Graph: str(row[1]), Name: str(row[2]), Description: str(row[3]), Author: str(row[4]),
		SHA256: str(row[5]), Created: str(row[6]), Operations: int(ops)}
	text := str(row[8])
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

// GetProgram returns the stored program with the given id.
func (rn *Runner) Get(ctx context.Context, id int64) (*StoredProgram, error) {
	pdb, err := rn.programStore(false)
	if err != nil {
		return nil, err
	}
	notFound := cyqerr.Compile(cyqerr.EntityNotFound, "ProgramNotFound", "there is no stored program %d", id).WithHint("list the stored programs with the list action")
	if pdb == nil {
		return nil, notFound
	}
	rows, err := pdb.QueryReadOnly(ctx, "MATCH (p:"+ProgramLabel+" {id: $id}) RETURN "+programFields, map[string]any{"id": id})
	if err != nil {
		return nil, err
	}
	all, err := rows.All()
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return nil, notFound
	}
	return storedFromRow(all[0], true)
}

// ListPrograms lists stored programs whose name or description contains
// search (case-insensitive; "" lists all), newest id last, at most limit.
func (rn *Runner) List(ctx context.Context, search string, limit int) ([]*StoredProgram, error) {
	pdb, err := rn.programStore(false)
	if err != nil {
		return nil, err
	}
	out := []*StoredProgram{}
	if pdb == nil {
		return out, nil
	}
	q := "MATCH (p:" + ProgramLabel + ") WHERE $s = '' OR toLower(p.name) CONTAINS $s OR toLower(p.description) CONTAINS $s RETURN " +
		programFields + " ORDER BY p.id"
	rows, err := pdb.QueryReadOnly(ctx, q, map[string]any{"s": strings.ToLower(search)})
	if err != nil {
		return nil, err
	}
	all, err := rows.All()
	if err != nil {
		return nil, err
	}
	if limit > 0 && len(all) > limit {
		all = all[:limit]
	}
	for _, row := range all {
		sp, err := storedFromRow(row, false)
		if err != nil {
			// A tampered entry is listed with its error rather than hidden.
			id, _ := row[0].(value.Int)
			sp = &StoredProgram{ID: int64(id), Name: fmt.Sprintf("(unreadable: %v)", cyqerr.As(err).Message)}
		}
		out = append(out, sp)
	}
	return out, nil
}

// ExplainProgram lists each statement with its operator and, for Cypher
// operations, the engine's plan; for API operations, the queries the
// endpoint runs.
func (rn *Runner) Explain(p *graphprogram.Program, opts *Options) (string, error) {
	if rep := rn.Validate(p); !rep.Valid {
		return "", &InvalidError{Report: rep, Index: -1}
	}
	l, err := rn.lower(p, opts.withDefaults())
	if err != nil {
		return "", err
	}
	for _, step := range l.plan.Steps {
		if err := firstError(l, step); err != nil {
			return "", err
		}
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
