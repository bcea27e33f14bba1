"""Leitor dos cenários legais (`tests/motor/cenarios/*.toml`): situações que um advogado lê.

Cada cenário descreve o certame, os candidatos em tabela e o que a lei manda esperar. A tabela
de candidatos tem colunas fixas separadas por espaços (use "-" para vazio):

    inscricao  nota  cor_raca  reserva  pcd  comissao  nascimento  [opcao_lista]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao, Situacao
from cotas.motor.certame import (
    Certame,
    DuplaCondicao,
    Evento,
    ParametrosCertame,
    ProcedimentoAdministrativo,
    TipoEvento,
)
from cotas.motor.classificacao import CriterioDesempate
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.regras import ParametrosPcd, regras_aplicaveis

PASTA = Path(__file__).parent / "cenarios"


def _vazio(texto: str) -> str | None:
    return None if texto == "-" else texto


def ler_tabela(cargo: str, texto: str) -> list[Candidato]:
    candidatos = []
    for linha in texto.strip().splitlines():
        linha = linha.split("#", 1)[0].strip()
        if not linha:
            continue
        partes = linha.split()
        insc, nota, cor, reserva, pcd, comissao, nascimento = partes[:7]
        extras = partes[7:]
        situacao = Situacao.APROVADO
        if nota.startswith("eliminado"):
            situacao, nota = Situacao.ELIMINADO, "0"
        candidatos.append(
            Candidato(
                inscricao=insc,
                nome=f"Pessoa {insc}",
                cargo=cargo,
                nota=Decimal(nota),
                situacao=situacao,
                cor_raca=CorRaca(cor) if _vazio(cor) else None,
                reservas=frozenset({"negros"} if (reserva == "sim") else ()),
                pcd=pcd == "sim",
                verificacoes=(
                    (("negros", Heteroidentificacao(comissao)),) if _vazio(comissao) else ()
                ),
                data_nascimento=date.fromisoformat(nascimento) if _vazio(nascimento) else None,
                desempate=tuple(
                    (k, Decimal(v)) for k, v in (e.split("=") for e in extras if "=" in e)
                ),
                opcao_lista=next((e for e in extras if "=" not in e), None),
            )
        )
    return candidatos


@dataclass
class CenarioLegal:
    arquivo: Path
    dados: dict[str, Any]
    esperado: dict[str, Any] = field(default_factory=dict)

    @property
    def nome(self) -> str:
        return self.arquivo.stem


def carregar(arquivo: Path) -> CenarioLegal:
    dados = tomllib.loads(arquivo.read_text(encoding="utf-8"))
    return CenarioLegal(arquivo, dados, dados.get("esperado", {}))


def todos() -> list[CenarioLegal]:
    return [carregar(p) for p in sorted(PASTA.glob("*.toml"))]


def montar_certame(cenario: CenarioLegal) -> Certame:
    d = cenario.dados
    cert = d["certame"]
    pcd = None
    if "pcd" in d:
        p = d["pcd"]
        pcd = ParametrosPcd(
            percentual=Decimal(str(p.get("percentual", 5))),
            arredondamento=p.get("arredondamento", "cima"),
            teto=Decimal(str(p.get("teto", 20))),
        )
    catalogo = catalogo_padrao()
    if "publicacao_lei" in cert:
        catalogo = catalogo.com_publicacao(cert["lei_publicada"], cert["publicacao_lei"])
    regras = regras_aplicaveis(
        catalogo,
        municipio=cert.get("municipio"),
        lei_id=cert.get("lei"),
        data_edital=cert["data_edital"],
        tipo=cert.get("tipo", "concurso_publico"),
        pcd=pcd,
        informados=d.get("parametros_lei", {}),
    )
    candidatos: list[Candidato] = []
    cargos: dict[str, int] = {}
    for cargo in d.get("cargos", []):
        cargos[cargo["codigo"]] = cargo["vagas"]
        candidatos += ler_tabela(cargo["codigo"], cargo.get("candidatos", ""))
    padrao = ParametrosCertame()
    parametros = ParametrosCertame(
        prioridade_colisao=tuple(cert.get("prioridade_colisao", padrao.prioridade_colisao)),
        dupla_condicao=DuplaCondicao(cert.get("dupla_condicao", padrao.dupla_condicao)),
        permite_final_de_fila=cert.get("permite_final_de_fila", False),
        criterios_desempate=tuple(
            CriterioDesempate(c["coluna"], c.get("sentido", "maior"))
            for c in d.get("desempate", [])
        ),
        data_referencia_idade=cert.get("data_referencia_idade"),
    )
    return Certame(
        regras, cargos, candidatos, validade_ate=cert.get("validade_ate"), parametros=parametros
    )


def eventos(cenario: CenarioLegal) -> list[Evento]:
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
        for e in cenario.dados.get("eventos", [])
    ]


def _procedimento(e: dict[str, Any]) -> ProcedimentoAdministrativo | None:
    """O procedimento da anulação: `defesa` é a data ou "nao_apresentada"."""
    if "notificacao" not in e:
        return None
    defesa = e["defesa"]
    return ProcedimentoAdministrativo(
        notificacao=e["notificacao"],
        defesa=None if defesa == "nao_apresentada" else defesa,
        decisao=e["decisao"],
        autoridade=e["autoridade"],
    )


def descrever(n: Any) -> str:
    """Uma nomeação numa linha legível: "vaga inscrição lista [(vaga de X)] [substitui Y]"."""
    texto = f"{n.vaga} {n.inscricao} {n.modalidade}"
    if n.revertida:
        texto += f" (vaga de {n.reservada_para})"
    if n.substitui:
        texto += f" substitui {n.substitui}"
    return texto
