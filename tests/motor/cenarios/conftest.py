"""Os cenários legais desta pasta são testes de lei (`cotas testar`): o pytest os roda com o
mesmo código, arquivo a arquivo."""

from cotas.cli.pytest_testes_de_lei import pytest_collect_file

__all__ = ["pytest_collect_file"]
