"""Do cenário lido dos arquivos ao certame apurado pelo motor.

Camada fina entre `cotas.arquivos` (entrada) e `cotas.motor` (regras): a linha de comando e a
aplicação web a usam; nenhuma regra legal mora aqui.
"""

from __future__ import annotations

from dataclasses import dataclass

from cotas.arquivos.cenario import Cenario, parametros_pcd, regras_do_cenario
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada
from cotas.motor.certame import Certame, DuplaCondicao, Evento, ParametrosCertame, TipoEvento
from cotas.motor.classificacao import CriterioDesempate
from cotas.motor.erros import ErroCotas
from cotas.motor.regras import Regras

__all__ = [
    "Apuracao",
    "apurar_cenario",
    "eventos_do_cenario",
    "parametros_do_cenario",
    "parametros_pcd",  # (de cotas.arquivos.cenario: o leitor do cenário também as usa)
    "regras_do_cenario",
]


@dataclass
class Apuracao:
    """O cenário, as regras aplicáveis e o certame com todos os eventos aplicados."""

    cenario: Cenario
    regras: Regras
    certame: Certame


def parametros_do_cenario(cenario: Cenario) -> ParametrosCertame:
    padrao = ParametrosCertame()
    return ParametrosCertame(
        prioridade_colisao=cenario.prioridade_colisao or padrao.prioridade_colisao,
        dupla_condicao=(
            DuplaCondicao(cenario.dupla_condicao)
            if cenario.dupla_condicao
            else padrao.dupla_condicao
        ),
        permite_final_de_fila=cenario.permite_final_de_fila,
        data_referencia_idade=cenario.data_referencia_idade,
        criterios_desempate=tuple(CriterioDesempate(c, s) for c, s in cenario.desempate),
    )


def eventos_do_cenario(cenario: Cenario) -> list[Evento]:
    """Os eventos do cenário como o motor os recebe, na ordem do arquivo."""
    return [
        Evento(
            data=evento.data,
            tipo=TipoEvento(evento.tipo),
            cargo=evento.cargo,
            inscricao=evento.inscricao,
            quantidade=evento.quantidade,
            justificativa=evento.justificativa or "",
            procedimento=evento.procedimento,
            fundamento=evento.fundamento or "",
        )
        for evento in cenario.eventos
    ]


def apurar_cenario(cenario: Cenario, arquivo: str = "cenário") -> Apuracao:
    """Apura o certame inteiro. Um erro do motor vira erro de entrada com a linha do evento."""
    try:
        regras = regras_do_cenario(cenario)
    except ErroCotas as erro:
        raise ErrosDeEntrada(
            [ErroEntrada(arquivo, None, None, str(erro), chave="certame")]
        ) from None
    certame = Certame(
        regras,
        {c.codigo: c.vagas for c in cenario.cargos},
        cenario.candidatos,
        validade_ate=cenario.validade_ate,
        parametros=parametros_do_cenario(cenario),
    )
    eventos = eventos_do_cenario(cenario)
    certame.prever(eventos)
    try:
        certame.abrir()
    except ErroCotas as erro:
        raise ErrosDeEntrada([ErroEntrada(arquivo, None, None, str(erro))]) from None
    for i, (lido, evento) in enumerate(zip(cenario.eventos, eventos, strict=True), start=1):
        try:
            certame.aplicar(evento)
        except ErroCotas as erro:
            raise ErrosDeEntrada(
                [ErroEntrada(arquivo, lido.linha, None, str(erro), chave=f"eventos[{i}]")]
            ) from None
    return Apuracao(cenario, regras, certame)
