"""Do cenário lido dos arquivos ao certame apurado pelo motor.

Camada fina entre `cotas.arquivos` (entrada) e `cotas.motor` (regras): a linha de comando e a
aplicação web a usam; nenhuma regra legal mora aqui.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from cotas.arquivos.cenario import Cenario
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada
from cotas.motor.certame import Certame, DuplaCondicao, Evento, ParametrosCertame, TipoEvento
from cotas.motor.classificacao import CriterioDesempate
from cotas.motor.erros import ErroCotas
from cotas.motor.legislacao import Catalogo, catalogo_padrao
from cotas.motor.regras import ParametrosPcd, Regras, regras_aplicaveis


@dataclass
class Apuracao:
    """O cenário, as regras aplicáveis e o certame com todos os eventos aplicados."""

    cenario: Cenario
    regras: Regras
    certame: Certame


def parametros_pcd(cenario: Cenario) -> ParametrosPcd | None:
    if cenario.pcd is None:
        return None
    return ParametrosPcd(
        percentual=Decimal(cenario.pcd.percentual),
        arredondamento=cenario.pcd.arredondamento,
        teto=Decimal(cenario.pcd.teto),
    )


def regras_do_cenario(cenario: Cenario, catalogo: Catalogo | None = None) -> Regras:
    catalogo = catalogo or catalogo_padrao()
    if cenario.data_publicacao_lei is not None:
        lei_publicada = cenario.lei_publicada or cenario.lei
        if lei_publicada is None:
            leis = catalogo.do_municipio(cenario.municipio or "")
            lei_publicada = leis[-1].id if leis else None
        if lei_publicada is not None:
            catalogo = catalogo.com_publicacao(lei_publicada, cenario.data_publicacao_lei)
    return regras_aplicaveis(
        catalogo,
        municipio=cenario.municipio,
        lei_id=cenario.lei,
        data_edital=cenario.data_edital,
        tipo=cenario.tipo.value,
        pcd=parametros_pcd(cenario),
        informados=cenario.parametros_lei,
    )


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
