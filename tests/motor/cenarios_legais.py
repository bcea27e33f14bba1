"""Os cenários legais (`tests/motor/cenarios/*.toml`) para os testes em Python que os usam.

Os cenários são testes de lei no formato do `cotas testar` (docs/TESTES-DE-LEI.md): o pytest os
roda pelo `conftest.py` da pasta, como o usuário os roda. Aqui, só o que os testes do motor
precisam além disso: o certame de um cenário montado pela leitura do `cotas apurar` e os eventos
dele dados direto ao motor, sem a conferência da leitura (para ver a recusa do próprio motor,
que a web usa sem passar pela leitura, e comparar as duas representações dos candidatos).
"""

from __future__ import annotations

import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from cotas.apuracao import parametros_do_cenario, regras_do_cenario
from cotas.arquivos.cenario import ler_cenario
from cotas.arquivos.formato_do_cenario import SEM_DEFESA
from cotas.motor.certame import Certame, Evento, ProcedimentoAdministrativo, TipoEvento

PASTA = Path(__file__).parent / "cenarios"

# Cada bloco [[eventos]] até a próxima tabela (ou o fim do arquivo).
_EVENTOS = re.compile(r"^\[\[eventos\]\]\n(?:(?!\[).*\n?)*", re.MULTILINE)


def todos() -> list[Path]:
    return sorted(PASTA.glob("*.toml"))


def dados(caminho: Path) -> dict[str, Any]:
    return tomllib.loads(caminho.read_text(encoding="utf-8"))


def montar_certame(caminho: Path) -> Certame:
    """O certame do cenário, lido sem os [[eventos]] (que `eventos` dá ao motor sem conferir);
    levanta o `ErroCotas` das regras (lei, parâmetros, abrangência)."""
    sem_eventos = _EVENTOS.sub("", caminho.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as pasta:
        copia = Path(pasta) / caminho.name
        copia.write_text(sem_eventos, encoding="utf-8")
        cenario = ler_cenario(copia)
    return Certame(
        regras_do_cenario(cenario),
        {c.codigo: c.vagas for c in cenario.cargos},
        cenario.candidatos,
        validade_ate=cenario.validade_ate,
        parametros=parametros_do_cenario(cenario),
    )


def eventos(caminho: Path) -> list[Evento]:
    """Os [[eventos]] do cenário como o motor os recebe, sem a conferência da leitura."""
    return [
        Evento(
            data=e["data"],
            tipo=TipoEvento(e["tipo"]),
            cargo=e.get("cargo"),
            inscricao=e.get("inscricao"),
            quantidade=e.get("quantidade"),
            justificativa=e.get("justificativa", ""),
            procedimento=_procedimento(e),
            fundamento=e.get("fundamento", ""),
        )
        for e in dados(caminho).get("eventos", [])
    ]


def _procedimento(e: dict[str, Any]) -> ProcedimentoAdministrativo | None:
    if "notificacao" not in e:
        return None
    defesa = e["defesa"]
    return ProcedimentoAdministrativo(
        notificacao=e["notificacao"],
        defesa=None if defesa == SEM_DEFESA else defesa,
        decisao=e["decisao"],
        autoridade=e["autoridade"],
    )
