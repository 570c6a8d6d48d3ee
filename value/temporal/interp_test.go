package temporal

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/cyqdb/cyq/value"
)

type skipErr string

func toStr(x any) string { return fmt.Sprint(x) }

// testClock is the statement clock of the mini interpreter.
var testClock = time.Date(2024, 5, 17, 10, 20, 30, 123456789, time.UTC)

type token struct {
	kind byte // 'i' ident, 'n' number, 's' string, 'p' punctuation/operator
	text string
	sval string
}

func tokenize(src string) []token {
	var toks []token
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			i++
		case c == '\'' || c == '"':
			var b strings.Builder
			j := i + 1
			for ; j < len(src) && src[j] != c; j++ {
				if src[j] == '\\' && j+1 < len(src) {
					j++
				}
				b.WriteByte(src[j])
			}
			toks = append(toks, token{kind: 's', text: src[i : j+1], sval: b.String()})
			i = j + 1
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && (src[j] >= '0' && src[j] <= '9' || src[j] == '.' && j+1 < len(src) && src[j+1] >= '0' && src[j+1] <= '9') {
				j++
			}
			toks = append(toks, token{kind: 'n', text: src[i:j]})
			i = j
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			toks = append(toks, token{kind: 'i', text: src[i:j]})
			i = j
		default:
			for _, op := range []string{"<=", ">=", "<>"} {
				if strings.HasPrefix(src[i:], op) {
					toks = append(toks, token{kind: 'p', text: op})
					i += 2
					goto next
				}
			}
			toks = append(toks, token{kind: 'p', text: string(c)})
			i++
		next:
		}
	}
	return toks
}

type interp struct {
	nodes []value.Node
	toks  []token
	pos   int
}

type env map[string]value.Value

func (in *interp) peek() token {
	if in.pos < len(in.toks) {
		return in.toks[in.pos]
	}
	return token{}
}

func (in *interp) next() token { t := in.peek(); in.pos++; return t }

func (in *interp) isKw(kw string) bool {
	t := in.peek()
	return t.kind == 'i' && strings.EqualFold(t.text, kw)
}

func (in *interp) expect(s string) {
	t := in.next()
	if !strings.EqualFold(t.text, s) {
		panic(skipErr("expected " + s + ", got " + t.text))
	}
}

// run executes a query and returns its rows.
func (in *interp) run(q string) (rows [][]value.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(evalErr); ok {
				err = e.err
				return
			}
			panic(r)
		}
	}()
	in.toks, in.pos = tokenize(q), 0
	envs := []env{{}}
	for in.pos < len(in.toks) {
		switch {
		case in.isKw("CREATE"):
			in.next()
			for {
				in.expect("(")
				var labels []string
				if in.peek().text == ":" {
					in.next()
					labels = append(labels, in.next().text)
				}
				props := value.Map{}
				if in.peek().text == "{" {
					m := in.parseExpr().eval(envs[0]).(value.Map)
					for k, v := range m {
						props[k] = storeRoundTrip(v)
					}
				}
				in.expect(")")
				in.nodes = append(in.nodes, value.Node{ID: uint32(len(in.nodes)), Labels: labels, Props: props})
				if in.peek().text != "," {
					break
				}
				in.next()
			}
			envs = nil
		case in.isKw("MATCH"):
			in.next()
			in.expect("(")
			name := in.next().text
			label := ""
			if in.peek().text == ":" {
				in.next()
				label = in.next().text
			}
			in.expect(")")
			envs = nil
			for _, n := range in.nodes {
				if label == "" || len(n.Labels) > 0 && n.Labels[0] == label {
					envs = append(envs, env{name: n})
				}
			}
		case in.isKw("UNWIND"):
			in.next()
			e := in.parseExpr()
			in.expect("AS")
			name := in.next().text
			var out []env
			for _, en := range envs {
				for _, v := range e.eval(en).(value.List) {
					ne := env{}
					for k, x := range en {
						ne[k] = x
					}
					ne[name] = v
					out = append(out, ne)
				}
			}
			envs = out
		case in.isKw("WITH"), in.isKw("RETURN"):
			ret := in.isKw("RETURN")
			in.next()
			type item struct {
				e    expr
				name string
			}
			var items []item
			for {
				start := in.pos
				e := in.parseExpr()
				name := ""
				if in.isKw("AS") {
					in.next()
					name = in.next().text
				} else {
					var parts []string
					for _, t := range in.toks[start:in.pos] {
						parts = append(parts, t.text)
					}
					name = strings.Join(parts, "")
				}
				items = append(items, item{e, name})
				if in.peek().text != "," {
					break
				}
				in.next()
			}
			var out []env
			rows = nil
			for _, en := range envs {
				ne := env{}
				var row []value.Value
				for _, it := range items {
					v := it.e.eval(en)
					ne[it.name] = v
					row = append(row, v)
				}
				out = append(out, ne)
				rows = append(rows, row)
			}
			if in.isKw("ORDER") {
				in.next()
				in.expect("BY")
				e := in.parseExpr()
				desc := false
				if in.isKw("DESC") || in.isKw("DESCENDING") {
					in.next()
					desc = true
				} else if in.isKw("ASC") || in.isKw("ASCENDING") {
					in.next()
				}
				idx := make([]int, len(out))
				for i := range idx {
					idx[i] = i
				}
				sort.SliceStable(idx, func(a, b int) bool {
					c := value.Order(e.eval(out[idx[a]]), e.eval(out[idx[b]]))
					if desc {
						return c > 0
					}
					return c < 0
				})
				no, nr := make([]env, len(out)), make([][]value.Value, len(out))
				for i, j := range idx {
					no[i], nr[i] = out[j], rows[j]
				}
				out, rows = no, nr
			}
			if in.isKw("LIMIT") {
				in.next()
				n, _ := strconv.Atoi(in.next().text)
				if n < len(out) {
					out, rows = out[:n], rows[:n]
				}
			}
			envs = out
			if ret {
				if in.pos < len(in.toks) {
					panic(skipErr("tokens after RETURN"))
				}
				return rows, nil
			}
		default:
			panic(skipErr("clause " + in.peek().text))
		}
	}
	return nil, nil
}

// storeRoundTrip simulates storing a property.
func storeRoundTrip(v value.Value) value.Value {
	switch x := v.(type) {
	case value.List:
		out := make(value.List, len(x))
		for i, e := range x {
			out[i] = storeRoundTrip(e)
		}
		return out
	case value.Extension:
		d, err := DecodeBinary(x.Kind(), AppendBinary(nil, x))
		if err != nil {
			panic(evalErr{err})
		}
		if !d.(value.Extension).EqualSame(x) || d.(value.Extension).String() != x.String() {
			panic(evalErr{errors.New("binary round trip changed " + x.String() + " to " + d.(value.Extension).String())})
		}
		return d
	}
	return v
}

type evalErr struct{ err error }

type expr interface{ eval(env) value.Value }

type (
	litExpr  struct{ v value.Value }
	varExpr  struct{ name string }
	propExpr struct {
		x    expr
		name string
	}
	mapExpr struct {
		keys []string
		vals []expr
	}
	listExpr struct{ elems []expr }
	callExpr struct {
		name string
		args []expr
	}
	binExpr struct {
		op   string
		l, r expr
	}
)

func (e litExpr) eval(env) value.Value { return e.v }
func (e varExpr) eval(en env) value.Value {
	v, ok := en[e.name]
	if !ok {
		panic(skipErr("unknown variable " + e.name))
	}
	return v
}
func (e propExpr) eval(en env) value.Value {
	x := e.x.eval(en)
	if m, ok := x.(value.Map); ok {
		return m[e.name]
	}
	if n, ok := x.(value.Node); ok {
		if v, ok := n.Props[e.name]; ok {
			return v
		}
		return value.NullValue
	}
	if value.IsNull(x) {
		return value.NullValue
	}
	v, ok := Component(x, e.name)
	if !ok {
		panic(evalErr{errors.New("no property " + e.name + " on " + value.TypeName(x))})
	}
	return v
}
func (e mapExpr) eval(en env) value.Value {
	m := value.Map{}
	for i, k := range e.keys {
		m[k] = e.vals[i].eval(en)
	}
	return m
}
func (e listExpr) eval(en env) value.Value {
	l := value.List{}
	for _, x := range e.elems {
		l = append(l, x.eval(en))
	}
	return l
}
func (e binExpr) eval(en env) value.Value {
	l, r := e.l.eval(en), e.r.eval(en)
	var res value.Value
	var err error
	switch e.op {
	case "=":
		return value.Equal(l, r).Value()
	case "<>":
		return value.Equal(l, r).Not().Value()
	case "<", "<=", ">", ">=":
		return value.CompareOp(e.op, l, r).Value()
	case "+":
		res, err = Add(l, r)
	case "-":
		res, err = Subtract(l, r)
	case "*":
		res, err = Multiply(l, r)
	case "/":
		res, err = Divide(l, r)
	}
	if err != nil {
		panic(evalErr{err})
	}
	return res
}

var kinds = map[string]value.Kind{
	"date": value.KindDate, "localtime": value.KindLocalTime, "time": value.KindTime,
	"localdatetime": value.KindLocalDateTime, "datetime": value.KindDateTime, "duration": value.KindDuration,
}

func (e callExpr) eval(en env) value.Value {
	args := make([]value.Value, len(e.args))
	for i, a := range e.args {
		args[i] = a.eval(en)
	}
	res, err := callFunc(strings.ToLower(e.name), args)
	if err != nil {
		panic(evalErr{err})
	}
	return res
}

func callFunc(name string, args []value.Value) (value.Value, error) {
	opts := Options{Clock: testClock}
	base, method, _ := strings.Cut(name, ".")
	if name == "tostring" {
		if x, ok := args[0].(value.Extension); ok {
			return value.String(x.String()), nil
		}
		return value.String(value.Format(args[0])), nil
	}
	kind, ok := kinds[base]
	if !ok {
		panic(skipErr("function " + name))
	}
	switch method {
	case "", "statement", "transaction", "realtime":
		if len(args) == 0 {
			return Construct(kind, nil, opts)
		}
		return Construct(kind, args[0], opts)
	case "truncate":
		var fields value.Map
		if len(args) > 2 {
			fields, _ = args[2].(value.Map)
		}
		return Truncate(kind, string(args[0].(value.String)), args[1], fields, "")
	case "between", "inmonths", "indays", "inseconds":
		k := map[string]string{"between": "between", "inmonths": "inMonths", "indays": "inDays", "inseconds": "inSeconds"}[method]
		return Between(k, args[0], args[1])
	case "fromepoch":
		return FromEpoch(int64(args[0].(value.Int)), int64(args[1].(value.Int)))
	case "fromepochmillis":
		return FromEpochMillis(int64(args[0].(value.Int)))
	}
	panic(skipErr("function " + name))
}

func (in *interp) parseExpr() expr {
	l := in.parseAdd()
	switch op := in.peek().text; op {
	case "=", "<>", "<", "<=", ">", ">=":
		in.next()
		return binExpr{op, l, in.parseAdd()}
	}
	return l
}

func (in *interp) parseAdd() expr {
	l := in.parseMul()
	for {
		op := in.peek().text
		if op != "+" && op != "-" {
			return l
		}
		in.next()
		l = binExpr{op, l, in.parseMul()}
	}
}

func (in *interp) parseMul() expr {
	l := in.parsePostfix()
	for {
		op := in.peek().text
		if op != "*" && op != "/" {
			return l
		}
		in.next()
		l = binExpr{op, l, in.parsePostfix()}
	}
}

func (in *interp) parsePostfix() expr {
	x := in.parsePrimary()
	for in.peek().text == "." {
		in.next()
		x = propExpr{x, in.next().text}
	}
	return x
}

func (in *interp) parsePrimary() expr {
	t := in.next()
	switch t.kind {
	case 's':
		return litExpr{value.String(t.sval)}
	case 'n':
		if strings.Contains(t.text, ".") {
			f, _ := strconv.ParseFloat(t.text, 64)
			return litExpr{value.Float(f)}
		}
		n, _ := strconv.ParseInt(t.text, 10, 64)
		return litExpr{value.Int(n)}
	case 'i':
		switch strings.ToLower(t.text) {
		case "null":
			return litExpr{value.NullValue}
		case "true":
			return litExpr{value.Bool(true)}
		case "false":
			return litExpr{value.Bool(false)}
		}
		name := t.text
		// A dotted function name: ident(.ident)* followed by '('.
		j := in.pos
		for j+1 < len(in.toks) && in.toks[j].text == "." && in.toks[j+1].kind == 'i' {
			j += 2
		}
		if j < len(in.toks) && in.toks[j].text == "(" {
			for in.pos < j {
				in.next()
				name += "." + in.next().text
			}
			in.next() // (
			var args []expr
			for in.peek().text != ")" {
				args = append(args, in.parseExpr())
				if in.peek().text == "," {
					in.next()
				}
			}
			in.next()
			return callExpr{name, args}
		}
		return varExpr{name}
	case 'p':
		switch t.text {
		case "-":
			x := in.parsePostfix()
			if l, ok := x.(litExpr); ok {
				switch n := l.v.(type) {
				case value.Int:
					return litExpr{-n}
				case value.Float:
					return litExpr{-n}
				}
			}
			return binExpr{"-", litExpr{value.Int(0)}, x}
		case "(":
			x := in.parseExpr()
			in.expect(")")
			return x
		case "{":
			m := mapExpr{}
			for in.peek().text != "}" {
				m.keys = append(m.keys, in.next().text)
				in.expect(":")
				m.vals = append(m.vals, in.parseExpr())
				if in.peek().text == "," {
					in.next()
				}
			}
			in.next()
			return m
		case "[":
			l := listExpr{}
			for in.peek().text != "]" {
				l.elems = append(l.elems, in.parseExpr())
				if in.peek().text == "," {
					in.next()
				}
			}
			in.next()
			return l
		}
	}
	panic(skipErr("unexpected token " + t.text))
}
