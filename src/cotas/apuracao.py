"""Do cenário lido dos arquivos ao certame apurado pelo motor.

Camada fina entre `cotas.arquivos` (entrada) e `cotas.motor` (regras): a linha de comando e a
aplicação web a usam; nenhuma regra legal mora aqui.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cotas.arquivos.cenario import Cenario, ler_cenario, parametros_pcd, regras_do_cenario
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada
from cotas.motor.candidatos import Candidato
from cotas.motor.certame import Certame, DuplaCondicao, Evento, ParametrosCertame, TipoEvento
from cotas.motor.classificacao import CriterioDesempate
from cotas.motor.colunar import TabelaCandidatos
from cotas.motor.erros import EmpateNaoResolvido, ErroCotas
from cotas.motor.regras import Regras

__all__ = [
    "Apuracao",
    "apurar_cenario",
    "eventos_do_cenario",
    "ler_cenario_para_apurar",
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
    """Os eventos do cenário (já os do motor, com a linha de cada um), na ordem do arquivo; a
    ordem dos do mesmo dia é a do motor (`Certame.apurar`)."""
    return list(cenario.eventos)


_SEM_EVENTOS = "os [[eventos]], que só se aplicam depois de nomeadas as vagas do edital"
_SEM_APURACAO = (
    "a apuração (empates, verificações pendentes e a aplicação dos eventos): o motor só apura "
    "arquivos sem erros"
)


def ler_cenario_para_apurar(caminho: Path) -> Cenario:
    """`ler_cenario`, e, se há erros, diz também que a apuração não foi feita por causa deles."""
    try:
        return ler_cenario(caminho)
    except ErrosDeEntrada as erros:
        erros.nao_conferidos.append(_SEM_APURACAO)
        raise


def apurar_cenario(cenario: Cenario, arquivo: str = "cenário") -> Apuracao:
    """Apura o certame inteiro e junta todos os erros do motor, cada um no seu arquivo e linha:
    um empate sem critério ou uma verificação pendente nas linhas dos candidatos, um evento
    inaplicável na linha do evento (e os eventos seguintes ainda são aplicados e conferidos)."""
    try:
        regras = regras_do_cenario(cenario)
    except ErroCotas as erro:
        raise ErrosDeEntrada(
            [ErroEntrada(arquivo, cenario.linha_certame, None, str(erro), chave="certame")],
            nao_conferidos=["a apuração (sem as regras da lei, o motor não apura)"],
        ) from None
    certame = Certame(
        regras,
        {c.codigo: c.vagas for c in cenario.cargos},
        cenario.candidatos,
        validade_ate=cenario.validade_ate,
        parametros=parametros_do_cenario(cenario),
    )
    eventos = eventos_do_cenario(cenario)
    sem_eventos = [_SEM_EVENTOS] if eventos else []
    erros = _conferir_cargos(certame, cenario, eventos)
    if erros:
        raise ErrosDeEntrada(erros, nao_conferidos=sem_eventos)
    recusados: list[ErroCotas] = []
    try:
        certame.apurar(eventos, ao_recusar=recusados.append)
    except ErroCotas as erro:  # a nomeação das vagas do edital
        raise ErrosDeEntrada(
            [ErroEntrada(arquivo, None, None, str(erro))], nao_conferidos=sem_eventos
        ) from None
    # Cada evento recusado na sua linha, na ordem do arquivo.
    posicao = {id(e): i for i, e in enumerate(eventos, start=1)}
    for recusado in sorted(recusados, key=lambda e: posicao[id(e.evento)]):
        assert recusado.evento is not None
        i = posicao[id(recusado.evento)]
        erros.append(
            ErroEntrada(arquivo, recusado.evento.linha, None, str(recusado), chave=f"eventos[{i}]")
        )
    if erros:
        raise ErrosDeEntrada(erros)
    return Apuracao(cenario, regras, certame)


def _conferir_cargos(
    certame: Certame, cenario: Cenario, eventos: list[Evento]
) -> list[ErroEntrada]:
    """Os erros de cada cargo antes das nomeações, todos, nas linhas dos candidatos: empates que
    nenhum critério resolve e verificações da autodeclaração pendentes (num cargo que recebe
    vagas, o motor recusa nomear antes delas)."""
    arquivo = cenario.arquivo_candidatos.name
    recebem_vagas = {c.codigo for c in cenario.cargos if c.vagas > 0} | {
        e.cargo for e in eventos if e.tipo is TipoEvento.NOVAS_VAGAS
    }
    erros: list[ErroEntrada] = []
    for cargo in certame.cargos:
        try:
            listas = certame.listas(cargo)
        except EmpateNaoResolvido as erro:
            erros += _erros_de_empate(erro, cenario, arquivo)
            continue
        except ErroCotas as erro:  # (a classificação da banca só para alguns, por exemplo)
            erros.append(ErroEntrada(arquivo, None, None, str(erro)))
            continue
        if listas.pendentes and cargo in recebem_vagas:
            erros += _erros_de_pendencia(certame.regras, cargo, listas.pendentes, arquivo)
    return erros


def _erros_de_empate(erro: EmpateNaoResolvido, cenario: Cenario, arquivo: str) -> list[ErroEntrada]:
    """Um erro por grupo empatado, na linha do primeiro, com as linhas de todos."""
    inscricoes = [i for grupo in erro.grupos for i in grupo]
    candidatos = _por_inscricao(cenario.candidatos, inscricoes)
    erros = []
    for grupo in erro.grupos:
        linhas = [candidatos[i].linha for i in grupo if i in candidatos]
        primeiro = candidatos.get(grupo[0])
        pela_banca = primeiro is not None and primeiro.classificacao is not None
        coluna = "classificacao" if pela_banca else "nota"
        mensagem = str(EmpateNaoResolvido(erro.cargo, [grupo], erro.criterio_legal))
        if all(linha is not None for linha in linhas):
            mensagem += f" (linhas {_enumerar([str(linha) for linha in linhas])})"
        erros.append(ErroEntrada(arquivo, linhas[0] if linhas else None, coluna, mensagem))
    return erros


def _erros_de_pendencia(
    regras: Regras, cargo: str, pendentes: list[Candidato], arquivo: str
) -> list[ErroEntrada]:
    """Um erro por candidato que ainda aguarda a comissão, na linha dele."""
    referencias = regras.comissao.referencias if regras.comissao else {}
    momento = referencias["momento"].citacao() if "momento" in referencias else "lei aplicável"
    return [
        ErroEntrada(
            arquivo,
            c.linha,
            "heteroidentificacao",
            f"inscrição {c.inscricao} (cargo {cargo}): verificação da autodeclaração pendente; "
            f"ela deve ocorrer antes de homologada a classificação final e das nomeações "
            f"({momento})",
        )
        for c in pendentes
    ]


def _por_inscricao(candidatos: Sequence[Candidato], inscricoes: list[str]) -> dict[str, Candidato]:
    if isinstance(candidatos, TabelaCandidatos):  # só as citadas, sem ler a tabela inteira
        return dict(candidatos.candidatos_de(inscricoes))
    procuradas = set(inscricoes)
    return {c.inscricao: c for c in candidatos if c.inscricao in procuradas}


def _enumerar(itens: list[str]) -> str:
    return itens[0] if len(itens) == 1 else ", ".join(itens[:-1]) + " e " + itens[-1]
