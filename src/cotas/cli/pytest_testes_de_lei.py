"""Os testes de lei (`cotas testar`, docs/TESTES-DE-LEI.md) como testes do pytest.

O mesmo arquivo, a mesma conferência (`cotas.cli.testar.rodar_teste`) e as mesmas mensagens:
o que passa num passa no outro. Para uma pasta de testes de lei, um `conftest.py` nela com

    from cotas.cli.pytest_testes_de_lei import pytest_collect_file

ou `pytest -p cotas.cli.pytest_testes_de_lei PASTA`. Cada TOML que é um teste (`[certame]` ou
`[esperado]`) vira um item, com o nome do arquivo.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cotas.cli.testar import PASSOU, Resultado, _e_teste, _linha_do_resultado, rodar_teste


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".toml" and _e_teste(file_path):
        arquivo: ArquivoDeTesteDeLei = ArquivoDeTesteDeLei.from_parent(parent, path=file_path)
        return arquivo
    return None


class ArquivoDeTesteDeLei(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        yield TesteDeLei.from_parent(self, name=self.path.stem)


class TesteDeLeiFalhou(Exception):
    def __init__(self, resultado: Resultado) -> None:
        super().__init__(resultado.situacao)
        self.resultado = resultado


class TesteDeLei(pytest.Item):
    def runtest(self) -> None:
        resultado = rodar_teste(self.path, str(self.path))
        if resultado.situacao != PASSOU:
            raise TesteDeLeiFalhou(resultado)

    def repr_failure(
        self,
        excinfo: pytest.ExceptionInfo[BaseException],
        style: str | None = None,
    ) -> str:
        if isinstance(excinfo.value, TesteDeLeiFalhou):
            r = excinfo.value.resultado
            linhas = [_linha_do_resultado(r), *(f"    {d}" for d in r.diferencas)]
            linhas += [f"    {e}" for e in r.erros]
            return "\n".join(linhas)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"teste de lei {self.name}"
