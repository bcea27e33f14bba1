"""Do cenário lido dos arquivos ao certame apurado pelo motor.

Camada fina entre `cotas.arquivos` (entrada) e `cotas.motor` (regras): a linha de comando e a
aplicação web a usam; nenhuma regra legal mora aqui.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cotas.arquivos.cenario import Cenario, ler_cenario, parametros_pcd, regras_do_cenario
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada
from cotas.motor.candidatos import Candidato
from cotas.motor.certame import Certame, DuplaCondicao, Evento, ParametrosCertame, TipoEvento
from cotas.motor.classificacao import CriterioDesempate
from cotas.motor.colunar import TabelaCandidatos
from cotas.motor.erros import EmpateNaoResolvido, ErroCotas, HeteroidentificacaoPendente
from cotas.motor.regras import Regras

__all__ = [
    "Apuracao",
    "Conferencia",
    "apurar_cenario",
    "conferir_antes_das_nomeacoes",
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
            [
                ErroEntrada(
                    arquivo,
                    cenario.linha_certame,
                    None,
                    str(erro),
                    chave="certame",
                    causa=type(erro).__name__,
                )
            ],
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
            [ErroEntrada(arquivo, None, None, str(erro), causa=type(erro).__name__)],
            nao_conferidos=sem_eventos,
        ) from None
    # Cada evento recusado na sua linha, na ordem do arquivo.
    posicao = {id(e): i for i, e in enumerate(eventos, start=1)}
    for recusado in sorted(recusados, key=lambda e: posicao[id(e.evento)]):
        assert recusado.evento is not None
        i = posicao[id(recusado.evento)]
        erros.append(
            ErroEntrada(
                arquivo,
                recusado.evento.linha,
                None,
                str(recusado),
                chave=f"eventos[{i}]",
                causa=type(recusado).__name__,
            )
        )
    if erros:
        raise ErrosDeEntrada(erros)
    return Apuracao(cenario, regras, certame)


def _conferir_cargos(
    certame: Certame, cenario: Cenario, eventos: list[Evento]
) -> list[ErroEntrada]:
    """Os erros de cada cargo antes das nomeações (`conferir_antes_das_nomeacoes`), nas linhas
    do arquivo de candidatos do cenário; os cargos que recebem vagas: os do edital com vagas e
    os das novas vagas dos eventos."""
    recebem_vagas = {c.codigo for c in cenario.cargos if c.vagas > 0} | {
        e.cargo for e in eventos if e.tipo is TipoEvento.NOVAS_VAGAS and e.cargo is not None
    }
    conferencia = conferir_antes_das_nomeacoes(
        certame, cenario.candidatos, cenario.arquivo_candidatos.name, recebem_vagas
    )
    return conferencia.erros


# Quantas linhas de um grupo de empatados a mensagem nomeia (as demais: "e mais K"; as
# inscrições, o motor já as limita assim: `EmpateNaoResolvido`).
LINHAS_POR_EMPATE = 20


@dataclass
class Conferencia:
    """O que o motor recusaria ao nomear, achado antes: `empates` (um erro por grupo de
    candidatos que nenhum critério distingue, na linha do primeiro, com as linhas de todos),
    `pendentes` (um por candidato que ainda aguarda a verificação da autodeclaração, num cargo
    que recebe vagas) e `outros` (o que mais o motor recusa nas listas de um cargo: a
    classificação da banca só para alguns, por exemplo)."""

    empates: list[ErroEntrada] = field(default_factory=list)
    pendentes: list[ErroEntrada] = field(default_factory=list)
    outros: list[ErroEntrada] = field(default_factory=list)
    erros: list[ErroEntrada] = field(default_factory=list)  # todos, na ordem dos cargos


def conferir_antes_das_nomeacoes(
    certame: Certame,
    candidatos: Sequence[Candidato],
    arquivo: str,
    recebem_vagas: Collection[str] | None = None,
) -> Conferencia:
    """Monta as listas de cada cargo como a apuração as monta (`Certame.listas`, a mesma
    regra) e junta, sem parar no primeiro, tudo o que o motor recusaria ao nomear: empates que
    nenhum critério resolve e verificações da autodeclaração pendentes (num cargo que recebe
    vagas, o motor recusa nomear antes delas). `candidatos`: onde achar a linha de cada
    inscrição citada (os do arquivo `arquivo`; uma inscrição de fora sai só pelo número).
    `recebem_vagas`: os cargos que recebem vagas (None: todos os que o edital dá vagas)."""
    if recebem_vagas is None:
        recebem_vagas = {c for c, vagas in certame.cargos.items() if vagas > 0}
    conferencia = Conferencia()
    for cargo in certame.cargos:
        try:
            listas = certame.listas(cargo)
        except EmpateNaoResolvido as erro:
            achados = _erros_de_empate(erro, candidatos, arquivo)
            conferencia.empates += achados
            conferencia.erros += achados
            continue
        except ErroCotas as erro:  # (a classificação da banca só para alguns, por exemplo)
            conferencia.outros.append(
                ErroEntrada(arquivo, None, None, str(erro), causa=type(erro).__name__)
            )
            conferencia.erros.append(conferencia.outros[-1])
            continue
        if listas.pendentes and cargo in recebem_vagas:
            achados = _erros_de_pendencia(
                certame.regras, cargo, listas.pendentes, candidatos, arquivo
            )
            conferencia.pendentes += achados
            conferencia.erros += achados
    return conferencia


def _erros_de_empate(
    erro: EmpateNaoResolvido, candidatos: Sequence[Candidato], arquivo: str
) -> list[ErroEntrada]:
    """Um erro por grupo empatado, na linha do primeiro, com as linhas de todos (as primeiras
    LINHAS_POR_EMPATE e "e mais K": um grupo de milhares não vira uma mensagem de milhares)."""
    inscricoes = [i for grupo in erro.grupos for i in grupo]
    achados = _por_inscricao(candidatos, inscricoes)
    erros = []
    for grupo in erro.grupos:
        linhas = [achados[i].linha for i in grupo if i in achados]
        primeiro = achados.get(grupo[0])
        pela_banca = primeiro is not None and primeiro.classificacao is not None
        coluna = "classificacao" if pela_banca else "nota"
        mensagem = str(EmpateNaoResolvido(erro.cargo, [grupo], erro.criterio_legal))
        conhecidas = [str(linha) for linha in sorted(x for x in linhas if x is not None)]
        if conhecidas:
            fora = len(grupo) - len(conhecidas)
            if len(conhecidas) > LINHAS_POR_EMPATE:
                resto = len(conhecidas) - LINHAS_POR_EMPATE
                conhecidas = [*conhecidas[:LINHAS_POR_EMPATE], f"mais {resto}"]
            mensagem += f" (linha{'s' if len(conhecidas) > 1 else ''} {_enumerar(conhecidas)}"
            mensagem += f"; {fora} de outra importação)" if fora else ")"
        primeira = min((linha for linha in linhas if linha is not None), default=None)
        erros.append(
            ErroEntrada(arquivo, primeira, coluna, mensagem, causa=EmpateNaoResolvido.__name__)
        )
    return erros


def _erros_de_pendencia(
    regras: Regras,
    cargo: str,
    pendentes: Sequence[Candidato],
    candidatos: Sequence[Candidato],
    arquivo: str,
) -> list[ErroEntrada]:
    """Um erro por candidato que ainda aguarda a comissão, na linha dele (se é do arquivo)."""
    referencias = regras.comissao.referencias if regras.comissao else {}
    momento = referencias["momento"].citacao() if "momento" in referencias else "lei aplicável"
    do_arquivo = _por_inscricao(candidatos, [c.inscricao for c in pendentes])
    return [
        ErroEntrada(
            arquivo,
            c.linha if c.inscricao in do_arquivo else None,
            "heteroidentificacao",
            f"inscrição {c.inscricao} (cargo {cargo}): verificação da autodeclaração pendente; "
            f"ela deve ocorrer antes de homologada a classificação final e das nomeações "
            f"({momento})",
            causa=HeteroidentificacaoPendente.__name__,
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
