package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/vm"
)

// inTransactions emits CALL { } IN TRANSACTIONS (see vm/intx.go): each
// input row is saved in a table; once the input has ended, the batch loop
// runs the body for the saved rows and saves each result row, with its
// batch, in a second table, which the operators after the call read.
func (g *gen) inTransactions(o logical.CallInTransactions, e *regEnv) (*tableSource, error) {
	in := g.addAux(envTable(e))
	g.emit(vm.OpTableAdd, in)
	outer := e.clone()
	results := &vm.TableSpec{TopN: -1}
	src := &tableSource{aux: g.addAux(results)}
	batch := g.r()
	src.after = func() error {
		size, err := g.expr(o.Rows, newEnv())
		if err != nil {
			return err
		}
		g.at(o.Rows)
		g.emit(vm.OpTxBegin, g.addAux(&vm.TxSpec{OnError: uint8(o.OnError)}), size)
		c := g.cursor()
		g.emit(vm.OpOpenTable, c, in)
		loop := g.here()
		end, null, failed := g.newLabel(), g.newLabel(), g.newLabel()
		g.emitJ(vm.OpNextTable, 1, end, c)
		g.emitJ(vm.OpTxRow, 3, null, c, src.aux, batch)
		trap := o.OnError != ast.OnErrorFail
		if trap {
			g.emitJ(vm.OpTrap, 0, failed)
		}
		out := outer.clone()
		out.set(g.b.fresh("batch"), slot{slotValue, batch})
		add := func() {
			*results = *envTable(out)
			results.TopN = -1
			g.emit(vm.OpTableAdd, src.aux)
		}
		var cols []slot
		err = g.inline(o.Body, outer, func(ie *regEnv) error {
			if len(o.Columns) == 0 {
				return nil
			}
			for _, col := range o.Columns {
				out.set(col, ie.vars[col])
				cols = append(cols, ie.vars[col])
			}
			add()
			return nil
		})
		if err != nil {
			return err
		}
		if len(o.Columns) == 0 {
			add() // a unit subquery: one row per input row
		}
		if trap {
			g.emit(vm.OpUntrap)
		}
		g.emitJ(vm.OpGoto, 0, loop)
		if trap {
			g.bind(failed)
			g.emit(vm.OpTxFailed, c, src.aux)
			g.emitJ(vm.OpGoto, 0, loop)
		}
		g.bind(null)
		for _, s := range cols {
			if s.kind == slotValue {
				g.emit(vm.OpSetNull, s.reg, 1)
			} else {
				g.emit(vm.OpSetNullID, s.reg)
			}
		}
		g.emit(vm.OpTableAdd, src.aux)
		g.emitJ(vm.OpGoto, 0, loop)
		g.bind(end)
		g.emit(vm.OpTxEnd)
		src.env = out
		if o.Status != "" {
			status := g.r()
			src.env = out.clone()
			src.env.set(o.Status, slot{slotValue, status})
			src.restore = func() { g.emit(vm.OpTxStatus, status, batch) }
		}
		return nil
	}
	return src, nil
}
