// The executable is only this: everything it does is in LiquidusCLI, where tests can run it.
import LiquidusCLI

Liquidus.runProcess()
